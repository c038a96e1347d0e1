// Route table of spec part 1 §2.1.
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AppShell } from './components/shell/AppShell';
import { PlaceholderPage } from './pages/PlaceholderPage';

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { path: '/dashboard', element: <PlaceholderPage title="Dashboard" /> },
      { path: '/videos', element: <PlaceholderPage title="Video Library" /> },
      { path: '/videos/:videoId/annotate', element: <PlaceholderPage title="Annotate" /> },
      { path: '/upload', element: <PlaceholderPage title="Upload" /> },
      { path: '/review', element: <PlaceholderPage title="Review Queue" /> },
      { path: '/metrics', element: <PlaceholderPage title="Metrics" /> },
      { path: '/assignments', element: <PlaceholderPage title="Assignments" /> },
      { path: '/admin/repository', element: <PlaceholderPage title="Repository" /> },
      { path: '/admin/users', element: <PlaceholderPage title="User Management" /> },
      { path: '*', element: <Navigate to="/videos" replace /> },
    ],
  },
]);
