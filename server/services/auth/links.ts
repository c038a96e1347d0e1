// One-time links: the setup link of the first start (makes the first super user) and the reset links a
// super user hands out (the user sets their own password). Random token, stored hashed, used once, 1 hour.
// A link is checked before anything costly: a made-up, used or expired one is refused without hashing the
// new password, and counts as a failed guess of its address (guesses.ts), as a wrong sign-in does.
import type { Db, Tx } from '../../db/connect';
import { Conflict, Invalid, NotFound } from '../../domain-errors';
import {
  deleteUnusedLinks,
  findLink,
  insertLink,
  lockLink,
  markLinkUsed,
  type LinkKind,
  type LinkRow,
} from '../../repositories/auth-links';
import { countUsersWithPassword } from '../../repositories/auth-sessions';
import { auditSignIn, setPasswordHash, upsertSuperWithPassword, type UserRow } from '../../repositories/auth-users';
import { findUser } from '../../repositories/users';
import { deleteUserSessions } from '../../repositories/auth-sessions';
import { checkPasswordStrength, hashPassword } from './passwords';
import { newSecret, sha256 } from './secrets';
import { endTokens } from './tokens';
import { beginGuess, failGuess } from './guesses';
import type { SignInThrottle } from './throttle';

export const LINK_LIFETIME_MS = 60 * 60_000;

/** 410: the link existed but is used up or past its hour. */
export class LinkGone extends Conflict {}

/** Where a link is used from, for the throttle. */
export interface LinkUse {
  throttle: SignInThrottle;
  address: string;
}

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

/** Refuses a link that is unknown, of another kind, used or expired. */
function checkLink(link: LinkRow | null, kind: LinkKind, now: Date): LinkRow {
  if (!link || link.kind !== kind) throw new Invalid(`This ${kind} link is not valid: ask for a new one`);
  if (link.usedAt) throw new LinkGone(`This ${kind} link has already been used: ask for a new one`);
  if (now.getTime() >= link.expiresAt.getTime())
    throw new LinkGone(`This ${kind} link has expired (links last 1 hour): ask for a new one`);
  return link;
}

/**
 * Uses a link: checks it under the throttle (a refused link is a failed guess), runs `prepare` (the costly
 * part: checks and hashing), then checks it again locked and consumes it in the transaction of `work`.
 */
async function useLink<P, T>(
  db: Db,
  use: LinkUse,
  kind: LinkKind,
  token: string,
  now: Date,
  prepare: (link: LinkRow) => Promise<P>,
  work: (tx: Tx, prepared: P, userId: string | null) => Promise<T>,
): Promise<T> {
  const guess = beginGuess(use.throttle, { account: null, address: use.address, what: 'link uses' });
  let link: LinkRow;
  try {
    link = checkLink(await findLink(db, sha256(token)), kind, now);
    guess.succeeded();
  } catch (e) {
    if (e instanceof Invalid || e instanceof LinkGone) await failGuess(db, guess, now);
    throw e;
  } finally {
    guess.release();
  }
  const prepared = await prepare(link);
  return db.transaction(async (tx) => {
    const locked = checkLink(await lockLink(tx, sha256(token)), kind, now); // used meanwhile by another request?
    await markLinkUsed(tx, locked.tokenHash, now);
    return work(tx, prepared, locked.userId);
  });
}

/** Creates the first administrator (a super user with a password) from the setup link. */
export async function useSetupLink(
  db: Db,
  use: LinkUse,
  req: { token: string; id: string; name: string | null; password: string },
  now: Date,
): Promise<UserRow> {
  const setupDone = () => new LinkGone('Setup is already done: sign in instead');
  return useLink(
    db,
    use,
    'setup',
    req.token,
    now,
    async () => {
      if (await countUsersWithPassword(db)) throw setupDone();
      checkPasswordStrength(req.password, req.id);
      return hashPassword(req.password);
    },
    async (tx, hash) => {
      if (await countUsersWithPassword(tx)) throw setupDone();
      const row = await upsertSuperWithPassword(tx, { id: req.id, name: req.name, hash }, now);
      await auditSignIn(tx, {
        userId: row.id,
        action: 'password-set',
        by: row.id,
        at: now,
        detail: 'first administrator, by the setup link',
      });
      return row;
    },
  );
}

/** Sets the password of the link's account; its other sessions and its API tokens end. */
export async function useResetLink(
  db: Db,
  use: LinkUse,
  req: { token: string; newPassword: string },
  now: Date,
): Promise<UserRow> {
  const accountOf = async (d: Db | Tx, userId: string | null) => {
    const user = userId ? await findUser(d, userId) : null;
    if (!user || user.disabled) throw new LinkGone('This reset link is for an account that is gone or disabled');
    return user;
  };
  return useLink(
    db,
    use,
    'reset',
    req.token,
    now,
    async (link) => {
      checkPasswordStrength(req.newPassword, (await accountOf(db, link.userId)).id);
      return hashPassword(req.newPassword);
    },
    async (tx, hash, userId) => {
      const user = await accountOf(tx, userId);
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
    },
  );
}
