// Throttling of password guesses (sign-in, the current password of a password change, one-time links),
// kept in memory per API process: a failed guess must cost no database write (a flood of guesses would
// otherwise become a flood of writes), and losing the counts on a restart only gives an attacker a fresh
// start of a few tries. With several API processes each counts on its own.
//
// What is counted, and why:
// - an account tried from one address (the pair): 5 failures free, then a wait of 1 s after the 6th, 2 s
//   after the 7th, doubling to at most 15 minutes. Failures from other addresses never count here, so a
//   guesser elsewhere cannot lock the owner out: the right password from an address with no recent
//   failures signs in;
// - an address, over every account it tries: 20 failures free (an office shares one address), then the
//   same doubling. IPv6 addresses count by their /64, which one machine usually owns whole;
// - attempts in flight: at most 2 per pair and 8 per address are checked at once, so a burst of parallel
//   guesses cannot all start before the first failures are counted.
// Counts are forgotten 15 minutes after the last failure; a success clears the pair (not the address, so
// one good account cannot launder guesses at others). A count that passes its free tries is an attack:
// `onCrossed` hears of it once per episode, and stats() lists who is waiting now.
import net from 'node:net';

export const THROTTLE = {
  pair: { free: 5, inFlight: 2 },
  address: { free: 20, inFlight: 8 },
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 15 * 60_000,
  /** How long a refusal for too many attempts in flight asks to wait. */
  busyWaitMs: 1_000,
} as const;

/** At most this many keys per count are kept; beyond it the least recently failed go (a flood of made-up ids). */
const MAX_KEYS = 50_000;
/** At most this many waiting pairs and addresses are listed by stats(). */
const LISTED = 10;

/** Why an attempt may not go ahead now, and for how long. */
export interface Refusal {
  waitMs: number;
  reason: 'failures' | 'busy';
}

/** A count that has just passed its free tries: an attack on an account from one address, or from an address. */
export interface Crossed {
  limit: 'account-and-address' | 'address';
  account: string | null;
  address: string;
  failures: number;
}

/** One password check in flight. Exactly one of failed, succeeded or release ends it (later calls do nothing). */
export interface Attempt {
  /** Counts the failure at the clock's time now (a check can take seconds: the wait starts when it ends). */
  failed(): Crossed[];
  succeeded(): void;
  release(): void;
}

export interface Waiting {
  address: string;
  /** The account tried from that address, or null for the address's own count (many accounts). */
  account: string | null;
  failures: number;
  retry_after_s: number;
}

export interface SignInThrottle {
  /** Starts a check of `account` (null: a one-time link, counted by address only) from `address`, or refuses it. */
  begin(account: string | null, address: string): Attempt | Refusal;
  stats(): { refused: number; failures: number; waiting: Waiting[] };
}

export const isRefusal = (a: Attempt | Refusal): a is Refusal => 'waitMs' in a;

interface Entry {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
  inFlight: number;
}

class Counter {
  private entries = new Map<string, Entry>();
  constructor(
    private free: number,
    private maxInFlight: number,
  ) {}

  private current(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && now - e.lastFailureAt > THROTTLE.forgetAfterMs && now >= e.blockedUntil) {
      if (e.inFlight === 0) {
        this.entries.delete(key);
        return undefined;
      }
      Object.assign(e, { failures: 0, blockedUntil: 0 });
    }
    return e;
  }

  private store(key: string, e: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, e); // Map order = least recently touched first
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value as string);
  }

  refusal(key: string, now: number): Refusal | null {
    const e = this.current(key, now);
    if (!e) return null;
    if (e.blockedUntil > now) return { waitMs: e.blockedUntil - now, reason: 'failures' };
    if (e.inFlight >= this.maxInFlight) return { waitMs: THROTTLE.busyWaitMs, reason: 'busy' };
    return null;
  }

  enter(key: string, now: number): void {
    const e = this.current(key, now) ?? { failures: 0, lastFailureAt: now, blockedUntil: 0, inFlight: 0 };
    e.inFlight += 1;
    this.store(key, e);
  }

  leave(key: string): void {
    const e = this.entries.get(key);
    if (e && e.inFlight > 0) e.inFlight -= 1;
  }

  /** Counts a failure; returns the failures when this one is the first past the free tries, else null. */
  fail(key: string, now: number): number | null {
    const e = this.current(key, now) ?? { failures: 0, lastFailureAt: now, blockedUntil: 0, inFlight: 0 };
    e.failures += 1;
    e.lastFailureAt = now;
    const over = e.failures - this.free;
    if (over > 0) e.blockedUntil = now + Math.min(THROTTLE.maxDelayMs, THROTTLE.firstDelayMs * 2 ** (over - 1));
    this.store(key, e);
    return over === 1 ? e.failures : null;
  }

  clear(key: string): void {
    const e = this.entries.get(key);
    if (e) Object.assign(e, { failures: 0, blockedUntil: 0 });
  }

  waiting(now: number): Array<{ key: string; failures: number; waitMs: number }> {
    const out = [];
    for (const [key, e] of this.entries)
      if (e.blockedUntil > now) out.push({ key, failures: e.failures, waitMs: e.blockedUntil - now });
    return out;
  }
}

/** The address as it is counted: an IPv4 address whole, an IPv6 address by its /64. */
export function addressKey(address: string): string {
  if (!net.isIPv6(address)) return address;
  const [head, tail] = address.split('::');
  const groups = (s: string | undefined) =>
    s ? s.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const h = groups(head);
  const all = tail === undefined ? h : [...h, ...Array(8 - h.length - groups(tail).length).fill('0'), ...groups(tail)];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const SEP = '\n';

export function createSignInThrottle(
  opts: { clock?: () => number; onCrossed?: (c: Crossed) => void } = {},
): SignInThrottle {
  const clock = opts.clock ?? Date.now;
  const pairs = new Counter(THROTTLE.pair.free, THROTTLE.pair.inFlight);
  const addresses = new Counter(THROTTLE.address.free, THROTTLE.address.inFlight);
  let refused = 0;
  let failures = 0;

  return {
    begin(account, address) {
      const now = clock();
      const where = addressKey(address);
      const pair = account === null ? null : `${account.toLowerCase()}${SEP}${where}`;
      const refusals = [addresses.refusal(where, now), pair ? pairs.refusal(pair, now) : null].filter(
        (r): r is Refusal => r !== null,
      );
      if (refusals.length) {
        refused += 1;
        return refusals.reduce((a, b) => (b.waitMs > a.waitMs ? b : a));
      }
      addresses.enter(where, now);
      if (pair) pairs.enter(pair, now);
      let open = true;
      const end = () => {
        if (!open) return false;
        open = false;
        addresses.leave(where);
        if (pair) pairs.leave(pair);
        return true;
      };
      return {
        failed() {
          if (!end()) return [];
          const at = clock();
          failures += 1;
          const crossed: Crossed[] = [];
          const byPair = pair ? pairs.fail(pair, at) : null;
          if (byPair !== null)
            crossed.push({ limit: 'account-and-address', account, address: where, failures: byPair });
          const byAddress = addresses.fail(where, at);
          if (byAddress !== null)
            crossed.push({ limit: 'address', account: null, address: where, failures: byAddress });
          for (const c of crossed) opts.onCrossed?.(c);
          return crossed;
        },
        succeeded() {
          if (end() && pair) pairs.clear(pair);
        },
        release() {
          end();
        },
      };
    },

    stats() {
      const now = clock();
      const waiting: Waiting[] = [
        ...pairs.waiting(now).map((w) => {
          const [account, address] = w.key.split(SEP);
          return { address, account, failures: w.failures, retry_after_s: Math.ceil(w.waitMs / 1000) };
        }),
        ...addresses.waiting(now).map((w) => ({
          address: w.key,
          account: null,
          failures: w.failures,
          retry_after_s: Math.ceil(w.waitMs / 1000),
        })),
      ];
      waiting.sort((a, b) => b.failures - a.failures);
      return { refused, failures, waiting: waiting.slice(0, LISTED) };
    },
  };
}
