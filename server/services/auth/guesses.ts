// Every check of a secret a caller supplies (a sign-in, the current password of a password change, a
// one-time link) runs as an attempt of the throttle (throttle.ts): refused with 429 and Retry-After while
// the account-and-address pair or the address waits, counted when it fails. A count passing its free tries
// is written into the user audit trail of the account it aimed at, when that account exists.
import type { Db } from '../../db/connect';
import { TooMany } from '../../domain-errors';
import { auditSignIn } from '../../repositories/auth-users';
import { findUser } from '../../repositories/users';
import { isRefusal, THROTTLE, type Attempt, type Crossed, type SignInThrottle } from './throttle';

/** 429 with the seconds to wait (sent as Retry-After). */
export class SignInThrottled extends TooMany {
  constructor(
    readonly retryAfterSeconds: number,
    what: string,
    busy: boolean,
  ) {
    super(
      busy
        ? `Too many ${what} at once from your address: wait ${retryAfterSeconds} s and try again`
        : `Too many failed ${what}: wait ${retryAfterSeconds} s and try again`,
    );
  }
}

/** Starts a guess of `account`'s secret (null: a one-time link) from `address`, or throws SignInThrottled. */
export function beginGuess(
  throttle: SignInThrottle,
  guess: { account: string | null; address: string; what: string },
): Attempt {
  const a = throttle.begin(guess.account, guess.address);
  if (isRefusal(a)) throw new SignInThrottled(Math.max(1, Math.ceil(a.waitMs / 1000)), guess.what, a.reason === 'busy');
  return a;
}

/** Counts a failed guess, and puts an attack on an existing account into its audit trail. */
export async function failGuess(db: Db, attempt: Attempt, now: Date): Promise<void> {
  for (const c of attempt.failed()) await auditCrossed(db, c, now);
}

async function auditCrossed(db: Db, c: Crossed, now: Date): Promise<void> {
  if (c.limit !== 'account-and-address' || !c.account) return;
  const user = await findUser(db, c.account);
  if (!user) return;
  const minutes = THROTTLE.forgetAfterMs / 60_000;
  await auditSignIn(db, {
    userId: user.id,
    action: 'sign-in-throttled',
    by: user.id,
    at: now,
    detail:
      `${c.failures} failed guesses from ${c.address} within ${minutes} minutes: that address now waits before ` +
      'each try (the account is not locked; other addresses are not slowed)',
  });
}
