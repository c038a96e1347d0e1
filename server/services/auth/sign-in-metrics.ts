// The Metrics screen's sign-in figures for administrators: failures and throttled guesses of the last day
// from the audit trail (every API process writes it), what this process's throttle counts and who must
// wait now, and the hashing queue. An id that is no account is not shown: people type their password
// into the user-ID box.
import type { Db } from '../../db/connect';
import { countAuditSince } from '../../repositories/auth-users';
import { findUser } from '../../repositories/users';
import { passwordHashing } from './hash-queue';
import type { SignInThrottle } from './throttle';
import type { SignInMetrics } from '../../../domain/contract/auth';

const DAY_MS = 86_400_000;

export async function signInMetrics(db: Db, throttle: SignInThrottle, now: Date): Promise<SignInMetrics> {
  const count = await countAuditSince(db, ['sign-in-failed', 'sign-in-throttled'], new Date(now.getTime() - DAY_MS));
  const t = throttle.stats();
  const h = passwordHashing.stats();
  return {
    failed_24h: count('sign-in-failed'),
    throttled_24h: count('sign-in-throttled'),
    failures: t.failures,
    refused: t.refused,
    waiting: await Promise.all(
      t.waiting.map(async ({ account, ...w }) => {
        if (account === null) return { ...w, account: null, target: 'many accounts' as const };
        const user = await findUser(db, account);
        return user
          ? { ...w, account: user.id, target: 'account' as const }
          : { ...w, account: null, target: 'unknown account' as const };
      }),
    ),
    hashing: { running: h.running, waiting_sign_in: h.waiting['sign-in'], waiting_change: h.waiting.change },
  };
}
