// Sign-in by password: throttled per account and per address, one generic answer for every failure
// (unknown id, wrong password, no password set, disabled account), so an answer says nothing about
// which accounts exist. Successes and failures of existing accounts go into the user audit trail.
import type { Db } from '../../db/connect';
import { TooMany, Unauthenticated } from '../../domain-errors';
import { findUser } from '../../repositories/users';
import { auditSignIn, markSignedIn, type UserRow } from '../../repositories/auth-users';
import { verifyNothing, verifyPassword } from './passwords';
import type { SignInThrottle } from './throttle';

export const WRONG_CREDENTIALS = 'Wrong user ID or password';

/** 429 with the seconds to wait (sent as Retry-After). */
export class SignInThrottled extends TooMany {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed sign-ins: wait ${retryAfterSeconds} s and try again`);
  }
}

export async function signIn(
  db: Db,
  throttle: SignInThrottle,
  attempt: { id: string; password: string; address: string },
  now: Date,
): Promise<UserRow> {
  const wait = throttle.waitMs(attempt.id, attempt.address, now.getTime());
  if (wait > 0) throw new SignInThrottled(Math.ceil(wait / 1000));
  const user = await findUser(db, attempt.id);
  const ok = user?.passwordHash
    ? await verifyPassword(attempt.password, user.passwordHash)
    : (await verifyNothing(attempt.password), false);
  if (!ok || !user || user.disabled) {
    throttle.failed(attempt.id, attempt.address, now.getTime());
    if (user) {
      const why = !user.passwordHash ? 'no password set' : user.disabled && ok ? 'account disabled' : 'wrong password';
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
  throttle.succeeded(attempt.id);
  await markSignedIn(db, user.id, now);
  await auditSignIn(db, {
    userId: user.id,
    action: 'sign-in',
    by: user.id,
    at: now,
    detail: `from ${attempt.address}`,
  });
  return { ...user, lastSignInAt: now };
}
