// Sign-in by password: a guess under the throttle (guesses.ts), one generic answer for every failure
// (unknown id, wrong password, no password set, disabled account), so an answer says nothing about which
// accounts exist. Successes and failures of existing accounts go into the user audit trail. The password
// check runs in the sign-in lane of the hashing queue, ahead of every other hash.
import type { Db } from '../../db/connect';
import { Unauthenticated } from '../../domain-errors';
import { findUser } from '../../repositories/users';
import { auditSignIn, markSignedIn, type UserRow } from '../../repositories/auth-users';
import { verifyNothing, verifyPassword } from './passwords';
import { beginGuess, failGuess } from './guesses';
import type { SignInThrottle } from './throttle';

export const WRONG_CREDENTIALS = 'Wrong user ID or password';

export async function signIn(
  db: Db,
  throttle: SignInThrottle,
  attempt: { id: string; password: string; address: string },
  now: Date,
): Promise<UserRow> {
  const guess = beginGuess(throttle, { account: attempt.id, address: attempt.address, what: 'sign-ins' });
  try {
    const user = await findUser(db, attempt.id);
    const ok = user?.passwordHash
      ? await verifyPassword(attempt.password, user.passwordHash, 'sign-in')
      : (await verifyNothing(attempt.password), false);
    if (!ok || !user || user.disabled) {
      await failGuess(db, guess, now);
      if (user) {
        const why = !user.passwordHash
          ? 'no password set'
          : user.disabled && ok
            ? 'account disabled'
            : 'wrong password';
        await auditSignIn(db, {
          userId: user.id,
          action: 'sign-in-failed',
          by: user.id,
          at: now,
          detail: `${why}, from ${attempt.address}`,
        });
      }
      throw new Unauthenticated(WRONG_CREDENTIALS);
    }
    guess.succeeded();
    await markSignedIn(db, user.id, now);
    await auditSignIn(db, {
      userId: user.id,
      action: 'sign-in',
      by: user.id,
      at: now,
      detail: `from ${attempt.address}`,
    });
    return { ...user, lastSignInAt: now };
  } finally {
    guess.release();
  }
}
