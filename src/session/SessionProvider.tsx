// React side of the session machine: one actor for the app, the sign-in dialog, the Account dialog and the
// Sign-In Required dialog. useSession() → { user, role, notice, ... } (see machines/README.md). `role` is the
// role the server grants, which is what every screen shows and gates on; `user.role` is only what the user
// picked. `auth` says how the server signs people in (open until it has answered).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { OPEN_AUTH, type AuthConfig, type ServerIdentity } from '../../domain/auth';
import { sessionMachine } from '../../machines/session';
import {
  effectiveRole,
  signInRequiredToBrowse,
  type KeyValueStorage,
  type SessionUser,
} from '../../machines/session-identity';
import { fetchAuthConfig, login as loginWithServer, logout as logoutFromServer } from '../api/auth';
import { fetchGrantedRole, fetchServerIdentity } from '../api/me';
import { onUnauthorized } from '../api/request';
import type { Role } from '../../domain/constants';
import { SignInRequiredDialog } from '../components/dialogs/SignInRequiredDialog';
import { AccountDialog } from '../components/shell/AccountDialog';
import { SignInDialog } from '../components/shell/SignInDialog';

export interface SessionApi {
  user: SessionUser;
  /** The role the server grants (annotator until it has answered): show and gate on this. */
  role: Role;
  /** Plain words to tell the user once, when the picked role was not granted. */
  notice: string | null;
  dismissNotice: () => void;
  signIn: (values: { id: string; name?: string; role?: Role }) => void;
  signOut: () => void;
  /** True when signed in; otherwise opens the Sign-In Required dialog and returns false. */
  requireSignIn: (text?: string) => boolean;
  /** Opens the sign-in / account dialog. */
  openSignIn: () => void;
  /** How the server signs people in (open until it has answered). */
  auth: AuthConfig;
  /** The server is being asked who is signed in (password and proxy modes). */
  checking: boolean;
  /** Guests may not browse: screens show a sign-in prompt instead. */
  mustSignInFirst: boolean;
  /** Password mode: the server already signed this identity in (first administrator, reset link). */
  adopt: (identity: ServerIdentity) => void;
}

const SessionContext = createContext<SessionApi | null>(null);

function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const grantedRoleFromServer = fromPromise<Role, SessionUser>(({ input }) => fetchGrantedRole(input.id));
const serverActors = {
  fetchAuthConfig: fromPromise<AuthConfig>(() => fetchAuthConfig()),
  fetchMe: fromPromise<ServerIdentity>(() => fetchServerIdentity()),
  login: fromPromise<ServerIdentity, { id: string; password: string }>(({ input }) =>
    loginWithServer(input.id, input.password),
  ),
  logout: fromPromise<void>(() => logoutFromServer()),
};

export function SessionProvider({
  children,
  storage,
  grantedRole = grantedRoleFromServer,
  actors = serverActors,
}: {
  children: ReactNode;
  storage?: KeyValueStorage | null;
  /** How the granted role is read (tests pass their own). */
  grantedRole?: typeof grantedRoleFromServer;
  /** How the server is asked about sign-in (tests pass their own). */
  actors?: typeof serverActors;
}) {
  const actor = useActorRef(sessionMachine.provide({ actors: { fetchGrantedRole: grantedRole, ...actors } }), {
    input: { storage: storage === undefined ? browserStorage() : storage },
  });
  const user = useSelector(actor, (s) => s.context.user);
  const role = useSelector(actor, (s) => effectiveRole(s.context));
  const notice = useSelector(actor, (s) => s.context.notice);
  const auth = useSelector(actor, (s) => s.context.auth) ?? OPEN_AUTH;
  const authError = useSelector(actor, (s) => s.context.authError);
  const mustChangePassword = useSelector(actor, (s) => s.matches({ server: { signedIn: 'mustChangePassword' } }));
  const checking = useSelector(actor, (s) => s.matches({ server: 'loading' }));
  const signingIn = useSelector(actor, (s) => s.matches({ server: 'signingIn' }));
  const signingOut = useSelector(actor, (s) => s.matches({ server: 'signingOut' }));
  const mustSignInFirst = useSelector(actor, (s) => signInRequiredToBrowse(s.context));
  // A refused call may mean the session ended elsewhere; the machine acts on it only in password/proxy mode.
  useEffect(() => onUnauthorized(() => actor.send({ type: 'session.recheck' })), [actor]);
  const dismissNotice = useCallback(() => actor.send({ type: 'session.noticeSeen' }), [actor]);
  const [signInOpen, setSignInOpen] = useState(false);
  const [requiredText, setRequiredText] = useState<string | null>(null);

  const signIn = useCallback<SessionApi['signIn']>(
    (v) => {
      actor.send({
        type: actor.getSnapshot().matches('signedIn') ? 'session.update' : 'session.signIn',
        id: v.id,
        name: v.name,
        role: v.role,
      });
    },
    [actor],
  );
  const signOut = useCallback(() => actor.send({ type: 'session.signOut' }), [actor]);
  const requireSignIn = useCallback(
    (text?: string) => {
      if (actor.getSnapshot().context.user.signedIn) return true;
      setRequiredText(text ?? 'Please sign in to perform this action.');
      return false;
    },
    [actor],
  );
  const openSignIn = useCallback(() => setSignInOpen(true), []);
  // A password sign-in closes the sign-in dialog once the server has said yes (not on a failure, whose
  // words the dialog shows); the Account dialog then opens only when asked (or when a new password is due).
  // Signing out closes the Account dialog rather than turning it into the sign-in form.
  const loginAsked = useRef(false);
  const wasSignedIn = useRef(user.signedIn);
  useEffect(() => {
    if (loginAsked.current && user.signedIn) {
      loginAsked.current = false;
      setSignInOpen(false);
    }
    if (wasSignedIn.current && !user.signedIn) setSignInOpen(false);
    wasSignedIn.current = user.signedIn;
  }, [user.signedIn]);
  const adopt = useCallback((identity: ServerIdentity) => actor.send({ type: 'session.adopt', identity }), [actor]);
  const login = useCallback(
    (v: { id: string; password: string }) => {
      loginAsked.current = true;
      actor.send({ type: 'session.login', ...v });
    },
    [actor],
  );
  const passwordChanged = useCallback(() => actor.send({ type: 'session.passwordChanged' }), [actor]);

  const value = useMemo<SessionApi>(
    () => ({
      user,
      role,
      notice,
      dismissNotice,
      signIn,
      signOut,
      requireSignIn,
      openSignIn,
      auth,
      checking,
      mustSignInFirst,
      adopt,
    }),
    [
      user,
      role,
      notice,
      dismissNotice,
      signIn,
      signOut,
      requireSignIn,
      openSignIn,
      auth,
      checking,
      mustSignInFirst,
      adopt,
    ],
  );
  const serverMode = auth.mode !== 'open' ? auth.mode : null;
  const closeSignIn = () => setSignInOpen(false);
  return (
    <SessionContext.Provider value={value}>
      {children}
      {/* Mounted only while open: closed Headless UI dialogs still cost render time on every screen's first paint. */}
      {serverMode && user.signedIn && (signInOpen || mustChangePassword) ? (
        <AccountDialog
          user={user}
          role={role}
          mode={serverMode}
          mustChangePassword={mustChangePassword}
          proxyHeader={auth.proxy_user_header}
          error={authError}
          busy={signingOut}
          onClose={closeSignIn}
          onSignOut={signOut}
          onPasswordChanged={passwordChanged}
        />
      ) : (
        signInOpen && (
          <SignInDialog
            open
            user={user}
            onClose={closeSignIn}
            onSubmit={signIn}
            onSignOut={signOut}
            mode={auth.mode}
            onLogin={login}
            error={authError}
            busy={signingIn}
            setupRequired={auth.setup_required}
          />
        )
      )}
      {requiredText !== null && (
        <SignInRequiredDialog open text={requiredText} onClose={() => setRequiredText(null)} onSignIn={openSignIn} />
      )}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionApi {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession() must be used inside <SessionProvider>');
  return s;
}
