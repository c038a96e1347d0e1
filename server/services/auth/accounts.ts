// Password changes and account switches: a user changing their own password (their other sessions
// and all their API tokens end), a super user setting one (all that user's sessions and tokens end),
// disabling an account (its sessions and tokens end; enabling it again brings none back). All audited.
import fs from 'node:fs/promises';
import type { Db } from '../../db/connect';
import { Conflict, Invalid, NotFound, Unauthenticated } from '../../domain-errors';
import { countUsersWithPassword, deleteUserSessions } from '../../repositories/auth-sessions';
import {
  auditSignIn,
  otherActiveSupers,
  setDisabled,
  setPasswordHash,
  type UserRow,
} from '../../repositories/auth-users';
import { findUser } from '../../repositories/users';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords';
import { endTokens } from './tokens';
import { beginGuess, failGuess } from './guesses';
import type { SignInThrottle } from './throttle';

/**
 * A signed-in user's own change. The current password is a guess under the throttle, as a sign-in is (a
 * stolen session must not become a way to try passwords): wrong ones count against the account from
 * this address, and are audited.
 */
export async function changeOwnPassword(
  db: Db,
  userId: string,
  req: { current: string; next: string; keepSessionHash: string | null },
  from: { throttle: SignInThrottle; address: string },
  now: Date,
): Promise<void> {
  const user = await findUser(db, userId);
  if (!user) throw new NotFound(`User ${userId} not found`);
  const guess = beginGuess(from.throttle, { account: userId, address: from.address, what: 'password checks' });
  try {
    if (!user.passwordHash || !(await verifyPassword(req.current, user.passwordHash))) {
      await failGuess(db, guess, now);
      await auditSignIn(db, {
        userId,
        action: 'sign-in-failed',
        by: userId,
        at: now,
        detail: `wrong current password for a password change, from ${from.address}`,
      });
      throw new Unauthenticated('The current password is wrong');
    }
    guess.succeeded();
  } finally {
    guess.release();
  }
  checkPasswordStrength(req.next, userId);
  if (req.next === req.current) throw new Invalid('The new password must differ from the current one');
  const hash = await hashPassword(req.next); // before the transaction: hashing may wait in its queue
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, hash, false, now);
    await deleteUserSessions(tx, userId, req.keepSessionHash ?? undefined);
    await endTokens(tx, userId, userId, 'a password change', now);
    await auditSignIn(tx, { userId, action: 'password-change', by: userId, at: now });
  });
}

export async function setUserPassword(
  db: Db,
  by: string,
  userId: string,
  req: { password: string; mustChange: boolean },
  now: Date,
): Promise<void> {
  checkPasswordStrength(req.password, userId);
  const hash = await hashPassword(req.password);
  const found = await db.transaction(async (tx) => {
    const row = await setPasswordHash(tx, userId, hash, req.mustChange, now);
    if (!row) return false;
    await deleteUserSessions(tx, userId);
    await endTokens(tx, userId, by, 'a password set by an administrator', now);
    await auditSignIn(tx, {
      userId,
      action: 'password-set',
      by,
      at: now,
      detail: req.mustChange ? 'must change at next sign-in' : null,
    });
    return true;
  });
  if (!found) throw new NotFound(`User ${userId} not found`);
}

export async function setUserDisabled(
  db: Db,
  by: string,
  userId: string,
  disabled: boolean,
  now: Date,
): Promise<UserRow> {
  if (disabled && by === userId) throw new Invalid('Cannot disable yourself');
  return db.transaction(async (tx) => {
    const before = await findUser(tx, userId);
    if (!before) throw new NotFound(`User ${userId} not found`);
    if (disabled && before.role === 'super') {
      if (!(await otherActiveSupers(tx, userId)).length) throw new Conflict('Cannot disable the last super user');
    }
    const row = await setDisabled(tx, userId, disabled, now);
    if (disabled) {
      await deleteUserSessions(tx, userId);
      await endTokens(tx, userId, by, 'disabling the account', now);
    }
    if (before.disabled !== disabled)
      await auditSignIn(tx, { userId, action: disabled ? 'disable' : 'enable', by, at: now });
    return row!;
  });
}

/**
 * VAT_BOOTSTRAP_SUPER with VAT_BOOTSTRAP_PASSWORD_FILE: while no user has a password, the listed super
 * users get the file's password (its first line), so an unattended deploy needs no setup link.
 * Returns the ids that got it.
 */
export async function bootstrapPasswords(
  db: Db,
  ids: string[],
  file: string | undefined,
  now: Date,
): Promise<string[]> {
  if (!file || !ids.length || (await countUsersWithPassword(db)) > 0) return [];
  const password = (await fs.readFile(file, 'utf8')).split(/\r?\n/)[0];
  try {
    checkPasswordStrength(password);
  } catch (e) {
    throw new Error(`VAT_BOOTSTRAP_PASSWORD_FILE ${file}: ${(e as Error).message}`, { cause: e });
  }
  const hash = await hashPassword(password);
  const done: string[] = [];
  for (const id of ids) {
    if ((await findUser(db, id))?.role === 'super' && (await setPasswordHash(db, id, hash, false, now))) {
      await auditSignIn(db, {
        userId: id,
        action: 'password-set',
        by: id,
        at: now,
        detail: 'VAT_BOOTSTRAP_PASSWORD_FILE',
      });
      done.push(id);
    }
  }
  return done;
}
