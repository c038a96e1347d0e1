// One-time links: the setup link of the first start (makes the first super user) and the reset links a
// super user hands out (the user sets their own password). Random token, stored hashed, used once, 1 hour.
import type { Db } from '../../db/connect';
import { Conflict, Invalid, NotFound } from '../../domain-errors';
import { deleteUnusedLinks, insertLink, lockLink, markLinkUsed, type LinkKind } from '../../repositories/auth-links';
import { countUsersWithPassword } from '../../repositories/auth-sessions';
import { auditSignIn, setPasswordHash, upsertSuperWithPassword, type UserRow } from '../../repositories/auth-users';
import { findUser } from '../../repositories/users';
import { deleteUserSessions } from '../../repositories/auth-sessions';
import { checkPasswordStrength, hashPassword } from './passwords';
import { newSecret, sha256 } from './secrets';
import { endTokens } from './tokens';

export const LINK_LIFETIME_MS = 60 * 60_000;

/** 410: the link existed but is used up or past its hour. */
export class LinkGone extends Conflict {}

async function makeLink(db: Db, kind: LinkKind, userId: string | null, by: string | null, now: Date) {
  const token = newSecret();
  await deleteUnusedLinks(db, kind, userId); // one live link of a kind per account: the newest
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
  await insertLink(db, { tokenHash: sha256(token), kind, userId, createdById: by, createdAt: now, expiresAt });
  return { token, expiresAt };
}

export const makeSetupLink = (db: Db, now: Date) => makeLink(db, 'setup', null, null, now);

export async function makeResetLink(db: Db, userId: string, by: string, now: Date) {
  if (!(await findUser(db, userId))) throw new NotFound(`User ${userId} not found`);
  const link = await makeLink(db, 'reset', userId, by, now);
  await auditSignIn(db, { userId, action: 'reset-link', by, at: now });
  return link;
}

/** Checks and consumes a link inside `tx`; the caller's work runs in the same transaction. */
async function useLink<T>(
  db: Db,
  kind: LinkKind,
  token: string,
  now: Date,
  work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: string | null) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const link = await lockLink(tx, sha256(token));
    if (!link || link.kind !== kind) throw new Invalid(`This ${kind} link is not valid: ask for a new one`);
    if (link.usedAt) throw new LinkGone(`This ${kind} link has already been used: ask for a new one`);
    if (now.getTime() >= link.expiresAt.getTime())
      throw new LinkGone(`This ${kind} link has expired (links last 1 hour): ask for a new one`);
    await markLinkUsed(tx, link.tokenHash, now);
    return work(tx, link.userId);
  });
}

/** Creates the first administrator (a super user with a password) from the setup link. */
export async function useSetupLink(
  db: Db,
  req: { token: string; id: string; name: string | null; password: string },
  now: Date,
): Promise<UserRow> {
  checkPasswordStrength(req.password, req.id);
  const hash = await hashPassword(req.password);
  return useLink(db, 'setup', req.token, now, async (tx) => {
    if (await countUsersWithPassword(tx)) throw new LinkGone('Setup is already done: sign in instead');
    const row = await upsertSuperWithPassword(tx, { id: req.id, name: req.name, hash }, now);
    await auditSignIn(tx, {
      userId: row.id,
      action: 'password-set',
      by: row.id,
      at: now,
      detail: 'first administrator, by the setup link',
    });
    return row;
  });
}

/** Sets the password of the link's account; its other sessions end. */
export async function useResetLink(db: Db, req: { token: string; newPassword: string }, now: Date): Promise<UserRow> {
  const hash = await hashPassword(req.newPassword);
  return useLink(db, 'reset', req.token, now, async (tx, userId) => {
    const user = userId ? await findUser(tx, userId) : null;
    if (!user || user.disabled) throw new LinkGone('This reset link is for an account that is gone or disabled');
    checkPasswordStrength(req.newPassword, user.id);
    const row = await setPasswordHash(tx, user.id, hash, false, now);
    await deleteUserSessions(tx, user.id);
    await endTokens(tx, user.id, user.id, 'a password change', now);
    await auditSignIn(tx, {
      userId: user.id,
      action: 'password-change',
      by: user.id,
      at: now,
      detail: 'by a reset link',
    });
    return row!;
  });
}
