// Side menu: titled 'Video Annotation Tool', 240 px; entries gated by role; an entry is
// highlighted when the current path starts with its path.
import { Link, useLocation } from 'react-router-dom';
import { SIDE_MENU_WIDTH, type Role } from '../../../domain/constants';
import { atLeast } from '../../../domain/roles';

export interface MenuEntry {
  path: string;
  label: string;
  /** The lowest role that sees the entry; null: everyone, guests included. */
  minRole: Role | null;
}

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { path: '/dashboard', label: 'Dashboard', minRole: null },
  { path: '/videos', label: 'Video Library', minRole: null },
  { path: '/upload', label: 'Upload', minRole: null },
  { path: '/review', label: 'Review Queue', minRole: null },
  { path: '/metrics', label: 'Metrics', minRole: null },
  { path: '/assignments', label: 'Assignments', minRole: 'admin' },
  { path: '/admin/repository', label: 'Repository', minRole: 'admin' },
  // The spec leaves its visibility open; it is reachable by super users only, so only they see it.
  { path: '/admin/users', label: 'User Management', minRole: 'super' },
];

export const visibleEntries = (role: Role, signedIn: boolean) =>
  MENU_ENTRIES.filter((e) => e.minRole === null || (signedIn && atLeast(role, e.minRole)));

export function SideMenu({ role, signedIn, onNavigate }: { role: Role; signedIn: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav
      data-testid="shell.sidemenu"
      aria-label="Main menu"
      style={{ width: SIDE_MENU_WIDTH }}
      className="flex h-full flex-col border-r border-slate-200 bg-white"
    >
      <div className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-800">
        Video Annotation Tool
      </div>
      <ul className="flex-1 overflow-y-auto p-2">
        {visibleEntries(role, signedIn).map((e) => {
          const active = pathname.startsWith(e.path);
          return (
            <li key={e.path}>
              <Link
                to={e.path}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                data-testid={`shell.menu.${e.path.replace(/^\//, '').replace('/', '-')}`}
                className={`block rounded px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${active ? 'bg-indigo-100 font-semibold text-indigo-800' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {e.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
