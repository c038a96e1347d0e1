// React side of the session machine: one actor for the app, the sign-in dialog and the Sign-In Required dialog.
// useSession() → { user, role, notice, ... } (see machines/README.md). `role` is the role the server grants,
// which is what every screen shows and gates on; `user.role` is only what the user picked.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { effectiveRole, sessionMachine, type KeyValueStorage, type SessionUser } from '../../machines/session';
import { fetchGrantedRole } from '../api/me';
import type { Role } from '../../domain/constants';
import { SignInRequiredDialog } from '../components/dialogs/SignInRequiredDialog';
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
}

const SessionContext = createContext<SessionApi | null>(null);

function browserStorage(): KeyValueStorage | null {
  try { return globalThis.localStorage ?? null; } catch { return null; }
}

const grantedRoleFromServer = fromPromise<Role, SessionUser>(({ input }) => fetchGrantedRole(input.id));

export function SessionProvider({ children, storage, grantedRole = grantedRoleFromServer }: {
  children: ReactNode;
  storage?: KeyValueStorage | null;
  /** How the granted role is read (tests pass their own). */
  grantedRole?: typeof grantedRoleFromServer;
}) {
  const actor = useActorRef(sessionMachine.provide({ actors: { fetchGrantedRole: grantedRole } }),
    { input: { storage: storage === undefined ? browserStorage() : storage } });
  const user = useSelector(actor, (s) => s.context.user);
  const role = useSelector(actor, (s) => effectiveRole(s.context));
  const notice = useSelector(actor, (s) => s.context.notice);
  const dismissNotice = useCallback(() => actor.send({ type: 'session.noticeSeen' }), [actor]);
  const [signInOpen, setSignInOpen] = useState(false);
  const [requiredText, setRequiredText] = useState<string | null>(null);

  const signIn = useCallback<SessionApi['signIn']>((v) => {
    actor.send({ type: actor.getSnapshot().matches('signedIn') ? 'session.update' : 'session.signIn', id: v.id, name: v.name, role: v.role });
  }, [actor]);
  const signOut = useCallback(() => actor.send({ type: 'session.signOut' }), [actor]);
  const requireSignIn = useCallback((text?: string) => {
    if (actor.getSnapshot().context.user.signedIn) return true;
    setRequiredText(text ?? 'Please sign in to perform this action.');
    return false;
  }, [actor]);
  const openSignIn = useCallback(() => setSignInOpen(true), []);

  const value = useMemo<SessionApi>(() => ({ user, role, notice, dismissNotice, signIn, signOut, requireSignIn, openSignIn }),
    [user, role, notice, dismissNotice, signIn, signOut, requireSignIn, openSignIn]);
  return (
    <SessionContext.Provider value={value}>
      {children}
      {/* Mounted only while open: closed Headless UI dialogs still cost render time on every screen's first paint. */}
      {signInOpen && <SignInDialog open user={user} onClose={() => setSignInOpen(false)} onSubmit={signIn} onSignOut={signOut} />}
      {requiredText !== null && <SignInRequiredDialog open text={requiredText} onClose={() => setRequiredText(null)} onSignIn={openSignIn} />}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionApi {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession() must be used inside <SessionProvider>');
  return s;
}
