// Minimal shell: top bar + side menu + outlet. The full shell (session chip, drawer) grows here.
import { NavLink, Outlet } from 'react-router-dom';

const entries = [
  ['/dashboard', 'Dashboard'], ['/videos', 'Video Library'], ['/upload', 'Upload'], ['/review', 'Review Queue'], ['/metrics', 'Metrics'],
] as const;

export function AppShell() {
  return (
    <div className="min-h-screen">
      <header data-testid="shell.topbar" className="fixed inset-x-0 top-0 z-30 flex h-14 items-center gap-3 bg-indigo-700 px-4 text-white shadow">
        <h1 className="text-lg font-semibold">Video Annotation Tool</h1>
      </header>
      <nav data-testid="shell.sidemenu" className="fixed bottom-0 left-0 top-14 w-[240px] border-r bg-white p-2">
        {entries.map(([to, label]) => (
          <NavLink key={to} to={to} className={({ isActive }) => `block rounded px-3 py-2 ${isActive ? 'bg-indigo-100 font-medium' : ''}`}>{label}</NavLink>
        ))}
      </nav>
      <main className="ml-[240px] pt-14"><Outlet /></main>
    </div>
  );
}
