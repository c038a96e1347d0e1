// Sign-in throttling, per account and per address, with growing delays. Kept in memory, per API process:
// a failed guess must cost no database write (a flood of guesses would otherwise become a flood of
// writes), and losing the counts on a restart only gives an attacker a fresh start of a few tries. With
// several API processes each counts on its own, so the figures below are per process.
//
// Figures: an account gets 5 failures free, then must wait 1 s after the 6th, 2 s after the 7th, doubling
// to at most 15 minutes. An address gets 20 failures free (a shared office address signs in many
// people), then the same doubling. Counts are forgotten 15 minutes after the last failure; a success
// clears the account's count (not the address's, so one good account cannot launder guesses at others).

export const THROTTLE = {
  account: { free: 5 },
  address: { free: 20 },
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 15 * 60_000,
} as const;

interface Count {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/** At most this many keys per kind are kept; beyond it the oldest are dropped (a flood of made-up ids). */
const MAX_KEYS = 50_000;

class FailureCounter {
  private counts = new Map<string, Count>();
  constructor(private free: number) {}

  private current(key: string, now: number): Count | undefined {
    const c = this.counts.get(key);
    if (c && now - c.lastFailureAt > THROTTLE.forgetAfterMs && now >= c.blockedUntil) {
      this.counts.delete(key);
      return undefined;
    }
    return c;
  }

  waitMs(key: string, now: number): number {
    const c = this.current(key, now);
    return c ? Math.max(0, c.blockedUntil - now) : 0;
  }

  fail(key: string, now: number): void {
    const c = this.current(key, now) ?? { failures: 0, lastFailureAt: now, blockedUntil: 0 };
    c.failures += 1;
    c.lastFailureAt = now;
    const over = c.failures - this.free;
    if (over > 0) c.blockedUntil = now + Math.min(THROTTLE.maxDelayMs, THROTTLE.firstDelayMs * 2 ** (over - 1));
    this.counts.delete(key);
    this.counts.set(key, c); // Map order = least recently failed first
    if (this.counts.size > MAX_KEYS) this.counts.delete(this.counts.keys().next().value as string);
  }

  clear(key: string): void {
    this.counts.delete(key);
  }
}

export interface SignInThrottle {
  /** Milliseconds to wait before this account may be tried from this address (0 = go ahead). */
  waitMs(account: string, address: string, now: number): number;
  failed(account: string, address: string, now: number): void;
  succeeded(account: string): void;
}

export function createSignInThrottle(): SignInThrottle {
  const accounts = new FailureCounter(THROTTLE.account.free);
  const addresses = new FailureCounter(THROTTLE.address.free);
  const key = (account: string) => account.toLowerCase();
  return {
    waitMs: (account, address, now) => Math.max(accounts.waitMs(key(account), now), addresses.waitMs(address, now)),
    failed: (account, address, now) => {
      accounts.fail(key(account), now);
      addresses.fail(address, now);
    },
    succeeded: (account) => accounts.clear(key(account)),
  };
}
