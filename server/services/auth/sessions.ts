// Browser sessions: an opaque random id in the `vat_session` cookie, the row stored under its SHA-256 so
// every API process sees it. A session ends when idle too long, at its absolute limit, on sign-out, on a
// password change (the user's other sessions), when the account is disabled, or when an admin ends it.
// The role is read from the users table on every request, so a role change applies at the next one.
import type { Db } from '../../db/connect';
import type { AuthConfig } from '../../auth-config';
import {
  deleteExpiredSessions,
  deleteSessionByHash,
  deleteUserSessionByHandle,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  listUserSessions,
  touchSession,
  type SessionRow,
  type UserRow,
} from '../../repositories/auth-sessions';
import { auditSignIn } from '../../repositories/auth-users';
import { newSecret, sha256 } from './secrets';

export const SESSION_COOKIE = 'vat_session';
/** last_seen_at is written at most this often per session, so reads do not each become a write. */
const TOUCH_EVERY_MS = 60_000;

type SessionLimits = Pick<AuthConfig, 'sessionIdleMs' | 'sessionMaxMs'>;

/** Starts a session for `userId`; returns the cookie value (shown to nobody else, stored only hashed). */
export async function startSession(
  db: Db,
  limits: SessionLimits,
  userId: string,
  now: Date,
  client: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const id = newSecret();
  await insertSession(db, {
    idHash: sha256(id),
    handle: newSecret(9),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + limits.sessionMaxMs),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  return id;
}

const expired = (s: SessionRow, limits: SessionLimits, now: Date) =>
  now.getTime() >= s.expiresAt.getTime() || now.getTime() - s.lastSeenAt.getTime() >= limits.sessionIdleMs;

/** The live session of a cookie value and its user; an expired one is deleted, a disabled user has none. */
export async function sessionUser(
  db: Db,
  limits: SessionLimits,
  cookie: string,
  now: Date,
): Promise<{ user: UserRow; idHash: string } | null> {
  const idHash = sha256(cookie);
  const found = await findSessionWithUser(db, idHash);
  if (!found) return null;
  if (expired(found.session, limits, now) || found.user.disabled) {
    await deleteSessionByHash(db, idHash);
    return null;
  }
  if (now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await touchSession(db, idHash, now);
    // a good moment to sweep others' expired rows too, at most once a minute per session
    await deleteExpiredSessions(db, now, new Date(now.getTime() - limits.sessionIdleMs));
  }
  return { user: found.user, idHash };
}

export const endSession = (db: Db, idHash: string): Promise<void> => deleteSessionByHash(db, idHash);

/** An admin ends one or all of a user's sessions (audited). Returns false when the named one is gone. */
export async function endUserSessions(
  db: Db,
  userId: string,
  by: string,
  now: Date,
  handle?: string,
): Promise<boolean> {
  const ended = handle
    ? Number(await deleteUserSessionByHandle(db, userId, handle))
    : await deleteUserSessions(db, userId);
  if (ended)
    await auditSignIn(db, {
      userId,
      action: 'session-end',
      by,
      at: now,
      detail: handle ? `session ${handle}` : `${ended} session(s)`,
    });
  return !handle || ended > 0;
}

export async function userSessions(db: Db, userId: string) {
  return (await listUserSessions(db, userId)).map((s) => ({
    id: s.handle,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
  }));
}
