// Who the session holds and which role the screens show: the stored identity (localStorage `va_user`),
// the granted role and its notice, and the session's context and events (see session.ts for the machine).
import type { AuthConfig, ServerIdentity } from '../domain/auth';
import { ROLES, STORED_USER_KEY, type Role } from '../domain/constants';
import { atLeast } from '../domain/roles';
import { validateUserId } from '../domain/validation';

export interface SessionUser {
  signedIn: boolean;
  id: string;
  name: string;
  role: Role;
}
export interface StoredUserRecord extends SessionUser {
  ts: number;
}

/** The subset of Web Storage the session uses (tests pass a Map-backed fake). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const GUEST: SessionUser = { signedIn: false, id: '', name: '', role: 'annotator' };

const isRole = (r: unknown): r is Role => typeof r === 'string' && (ROLES as readonly string[]).includes(r);

/** Reads the stored identity; anything missing, unparsable or invalid counts as signed out. */
export function readStoredUser(storage: KeyValueStorage | null): SessionUser {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(STORED_USER_KEY) ?? 'null');
  } catch {
    return GUEST;
  }
  if (!raw || typeof raw !== 'object') return GUEST;
  const r = raw as Partial<StoredUserRecord>;
  if (r.signedIn !== true || typeof r.id !== 'string' || validateUserId(r.id) !== null) return GUEST;
  return {
    signedIn: true,
    id: r.id.trim(),
    name: typeof r.name === 'string' ? r.name : '',
    role: isRole(r.role) ? r.role : 'annotator',
  };
}

export interface SessionContext {
  user: SessionUser;
  storage: KeyValueStorage | null;
  now: () => number;
  /** The role the server grants this user id; null until the server has answered. */
  granted: Role | null;
  /** Set by a sign-in or update (not a reload), so the "not granted" notice is said once per choice. */
  announce: boolean;
  /** Plain words for the user when the picked role is above the granted one; null when nothing to say. */
  notice: string | null;
  /** How the server signs people in; null until it has answered (the app behaves as open meanwhile). */
  auth: AuthConfig | null;
  /** The server's words for the last failed sign-in or sign-out; null when nothing failed. */
  authError: string | null;
  /** The server asks this user to choose a new password before anything else. */
  mustChangePassword: boolean;
}

export const ROLE_LABELS: Record<Role, string> = {
  annotator: 'Annotator / Reviewer',
  admin: 'Administrator',
  super: 'Super User',
};

/** The role the screens may show and gate on: the granted one, and no more than annotator before that. */
export const effectiveRole = (c: Pick<SessionContext, 'user' | 'granted'>): Role =>
  c.user.signedIn ? (c.granted ?? 'annotator') : 'annotator';

export function notGrantedNotice(picked: Role, granted: Role): string | null {
  if (atLeast(granted, picked)) return null;
  return `This server has not granted you the ${ROLE_LABELS[picked]} role, so you are signed in as ${ROLE_LABELS[granted]}. Ask a super user to grant it.`;
}

/** True when guests may not browse: every screen asks to sign in first. */
export const signInRequiredToBrowse = (c: Pick<SessionContext, 'user' | 'auth'>): boolean =>
  c.auth?.guest_access === 'none' && !c.user.signedIn;

export type SessionEvent =
  | { type: 'session.signIn'; id: string; name?: string; role?: Role }
  | { type: 'session.update'; id: string; name?: string; role?: Role }
  | { type: 'session.signOut' }
  | { type: 'session.noticeSeen' }
  /** Password mode: sign in with the server. */
  | { type: 'session.login'; id: string; password: string }
  /** Password mode: the server already signed this identity in (first administrator, reset link). */
  | { type: 'session.adopt'; identity: ServerIdentity }
  | { type: 'session.passwordChanged' }
  /** A call was refused as not signed in: ask the server again who is signed in (password and proxy modes). */
  | { type: 'session.recheck' };

export type Credentials = Extract<SessionEvent, { type: 'session.signIn' | 'session.update' }>;

export function userFromServer(me: ServerIdentity): SessionUser {
  return me.signed_in && me.id ? { signedIn: true, id: me.id, name: me.name ?? '', role: me.role } : GUEST;
}

export function userFrom(e: Credentials): SessionUser {
  return { signedIn: true, id: e.id.trim(), name: (e.name ?? '').trim(), role: isRole(e.role) ? e.role : 'annotator' };
}
