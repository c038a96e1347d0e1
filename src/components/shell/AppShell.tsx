// Application shell: fixed top bar (menu toggle, title, session chip, account button) and a side menu that is
// persistent on wide screens and a temporary drawer on narrow ones. It also provides the session and snackbar
// contexts to every screen. The chip and the menu follow the role the server grants, not the one picked at
// sign-in. Signed-in users get a settings button that opens the render/detection settings dialog. Where the
// server lets guests see nothing, a guest gets a sign-in prompt instead of the screen.
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Dialog, DialogPanel } from '@headlessui/react';
import { SIDE_MENU_WIDTH } from '../../../domain/constants';
import { atLeast } from '../../../domain/roles';
import { SessionProvider, useSession } from '../../session';
import { SnackbarProvider, useSnackbar } from '../dialogs/Alert';
import { AccountIcon, MenuIcon, SettingsIcon } from '../ui/icons';
import { Tooltip } from '../ui/Tooltip';
import { SideMenu } from './SideMenu';
import { ActivityIndicator } from './ActivityIndicator';
import { StatusBar } from './StatusBar';
import { useDebugBarEnabled } from './debug-bar-setting';
import { SettingsDialog } from './SettingsDialog';
import { SignInFirstPage } from './SignInFirstPage';
import { useVideoSettings } from './use-video-settings';

const WIDE_QUERY = '(min-width: 900px)';

function useIsWide(): boolean {
  const get = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(WIDE_QUERY).matches : true);
  const [wide, setWide] = useState(get);
  useEffect(() => {
    if (!window.matchMedia) return;
    const mq = window.matchMedia(WIDE_QUERY);
    const onChange = () => setWide(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return wide;
}

const iconButton =
  'rounded-full p-2 hover:bg-white/15 focus:outline-none focus-visible:ring-2 focus-visible:ring-white';

/** Says the "role not granted" notice once, as a warning the user closes. */
function useRoleNotice() {
  const { notice, dismissNotice } = useSession();
  const snackbar = useSnackbar();
  useEffect(() => {
    if (!notice) return;
    snackbar.show('warning', notice);
    dismissNotice();
  }, [notice, dismissNotice, snackbar]);
}

/** The Annotate screen, whose workspace takes the whole width. */
const WORKSPACE_ROUTE = /^\/videos\/[^/]+\/annotate/;

/** The one-time link pages work before anyone is signed in, even where guests see nothing else. */
const SIGN_IN_LINK_PAGES = ['/setup', '/reset'];

function ShellLayout() {
  const { user, role, openSignIn, mustSignInFirst } = useSession();
  const { pathname } = useLocation();
  const gated = mustSignInFirst && !SIGN_IN_LINK_PAGES.includes(pathname);
  useRoleNotice();
  const wide = useIsWide();
  // the Annotate workspace needs the room: there the side menu starts closed (the menu button opens it)
  const workspace = WORKSPACE_ROUTE.test(pathname);
  const [menuOpen, setMenuOpen] = useState(() => !workspace);
  const [wasWorkspace, setWasWorkspace] = useState(workspace);
  if (workspace !== wasWorkspace) {
    setWasWorkspace(workspace);
    setMenuOpen(!workspace);
  }
  const statusBar = useDebugBarEnabled();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const videoSettings = useVideoSettings();
  const accountTip = user.signedIn ? 'Manage account' : 'Sign in';
  return (
    <div className="min-h-screen bg-slate-50">
      <header
        data-testid="shell.topbar"
        className="fixed inset-x-0 top-0 z-40 flex h-14 items-center gap-3 bg-indigo-700 px-3 text-white shadow"
      >
        <button
          type="button"
          data-testid="shell.menuToggle"
          aria-label="Toggle menu"
          aria-expanded={menuOpen}
          className={iconButton}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <MenuIcon />
        </button>
        <h1 className="flex-1 truncate text-lg font-semibold">Video Annotation Tool</h1>
        <ActivityIndicator />
        <span
          data-testid="shell.sessionChip"
          className={`rounded-full px-3 py-1 text-xs font-medium ${user.signedIn ? 'bg-green-600 text-white' : 'bg-white/20 text-white'}`}
        >
          {user.signedIn ? `Signed in: ${user.id} (${role})` : 'Guest'}
        </span>
        <Tooltip text={accountTip}>
          <button
            type="button"
            data-testid="shell.account"
            aria-label={accountTip}
            className={iconButton}
            onClick={openSignIn}
          >
            <AccountIcon />
          </button>
        </Tooltip>
        {user.signedIn && (
          <Tooltip text="Settings">
            <button
              type="button"
              data-testid="shell.settings"
              aria-label="Settings"
              className={iconButton}
              onClick={() => setSettingsOpen(true)}
            >
              <SettingsIcon />
            </button>
          </Tooltip>
        )}
      </header>

      {wide ? (
        menuOpen && (
          <aside className="fixed bottom-0 left-0 top-14 z-30">
            <SideMenu role={role} signedIn={user.signedIn} />
          </aside>
        )
      ) : (
        <Dialog open={menuOpen} onClose={() => setMenuOpen(false)} className="relative z-50">
          <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
          <DialogPanel data-testid="shell.drawer" className="fixed bottom-0 left-0 top-0 shadow-xl">
            <SideMenu role={role} signedIn={user.signedIn} onNavigate={() => setMenuOpen(false)} />
          </DialogPanel>
        </Dialog>
      )}

      <SettingsDialog
        open={settingsOpen && user.signedIn}
        settings={videoSettings.settings}
        canSave={atLeast(role, 'admin')}
        onClose={() => setSettingsOpen(false)}
        onSave={videoSettings.save}
      />

      <main
        className={`pt-14 transition-[margin] ${statusBar ? 'pb-8' : ''}`}
        style={{ marginLeft: wide && menuOpen ? SIDE_MENU_WIDTH : 0 }}
      >
        {gated ? <SignInFirstPage /> : <Outlet />}
      </main>
      {statusBar && <StatusBar />}
    </div>
  );
}

export function AppShell() {
  return (
    <SessionProvider>
      <SnackbarProvider>
        <ShellLayout />
      </SnackbarProvider>
    </SessionProvider>
  );
}
