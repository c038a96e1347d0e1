// The app's route table: every screen under the shell; unknown paths go to the library.
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AppShell } from './components/shell/AppShell';
import { LibraryPage } from './pages/library/LibraryPage';
import { RouteLoading } from './pages/RouteLoading';
import { UsersPage } from './pages/users/UsersPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { ReviewQueuePage } from './pages/review/ReviewQueuePage';
import { MetricsPage } from './pages/metrics/MetricsPage';
import { UploadPage } from './pages/upload/UploadPage';
import { AssignmentsPage } from './pages/assignments/AssignmentsPage';
import { SetupPage } from './pages/auth/SetupPage';
import { ResetPage } from './pages/auth/ResetPage';

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/videos', element: <LibraryPage /> },
      // Loaded on demand: the editor (Konva) stays out of the bundle every other screen waits for.
      // A lazy route is still loading on the first render of a direct visit, so it needs a fallback to
      // show meanwhile (React Router warns without one).
      {
        path: '/videos/:videoId/annotate',
        HydrateFallback: RouteLoading,
        lazy: async () => ({ Component: (await import('./pages/annotate/AnnotatePage')).AnnotatePage }),
      },
      { path: '/upload', element: <UploadPage /> },
      { path: '/review', element: <ReviewQueuePage /> },
      { path: '/metrics', element: <MetricsPage /> },
      { path: '/assignments', element: <AssignmentsPage /> },
      {
        path: '/admin/repository',
        HydrateFallback: RouteLoading,
        lazy: async () => ({ Component: (await import('./pages/storage/StoragePage')).StoragePage }),
      },
      { path: '/admin/users', element: <UsersPage /> },
      // The one-time links of password sign-in: the first administrator, and a password reset.
      { path: '/setup', element: <SetupPage /> },
      { path: '/reset', element: <ResetPage /> },
      { path: '*', element: <Navigate to="/videos" replace /> },
    ],
  },
]);
