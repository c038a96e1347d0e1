// The throttle of password guesses (services/auth/throttle.ts) and the hashing queue (hash-queue.ts),
// without hashing: the rules are counts, so fake work and a fixed clock decide every case.
import { describe, expect, test } from 'vitest';
import {
  addressKey,
  createSignInThrottle,
  isRefusal,
  THROTTLE,
  type Attempt,
  type Crossed,
} from '../../server/services/auth/throttle';
import { createHashQueue, HashingBusy } from '../../server/services/auth/hash-queue';

const NOW = 1_000_000;
let now = NOW;
const throttle = (opts: { onCrossed?: (c: Crossed) => void } = {}) => {
  now = NOW;
  return createSignInThrottle({ clock: () => now, ...opts });
};
const attempt = (t: ReturnType<typeof createSignInThrottle>, account: string | null, address: string) => {
  const a = t.begin(account, address);
  if (isRefusal(a)) throw new Error(`refused: ${JSON.stringify(a)}`);
  return a as Attempt;
};

describe('the throttle of password guesses', () => {
  test('failures at an account from other addresses never keep out an address that has none', () => {
    const t = throttle();
    for (let i = 0; i < 50; i++) attempt(t, 'ada', `10.9.0.${i}`).failed();
    const owner = t.begin('ada', '10.1.0.1');
    expect(isRefusal(owner)).toBe(false);
  });

  test('an account tried from one address waits there after its free tries, and the crossing is reported once', () => {
    const heard: Crossed[] = [];
    const t = throttle({ onCrossed: (c) => heard.push(c) });
    const crossed = [];
    for (let i = 0; i <= THROTTLE.pair.free; i++) crossed.push(...attempt(t, 'Ada', '10.9.9.9').failed());
    expect(crossed).toEqual([
      { limit: 'account-and-address', account: 'Ada', address: '10.9.9.9', failures: THROTTLE.pair.free + 1 },
    ]);
    expect(heard).toEqual(crossed);
    expect(t.begin('ada', '10.9.9.9')).toEqual({ waitMs: 1_000, reason: 'failures' }); // ids count case-blind
    now += 1_000;
    expect(attempt(t, 'ada', '10.9.9.9').failed()).toEqual([]); // the same episode
    expect(t.stats()).toMatchObject({
      refused: 1,
      failures: THROTTLE.pair.free + 2,
      waiting: [{ address: '10.9.9.9', account: 'ada', failures: THROTTLE.pair.free + 2, retry_after_s: 2 }],
    });
  });

  test('the wait starts when a slow check fails, not when it began', () => {
    const t = throttle();
    for (let i = 0; i < THROTTLE.pair.free; i++) attempt(t, 'ada', '10.3.0.1').failed();
    const slow = attempt(t, 'ada', '10.3.0.1');
    now += 5_000; // a hash that waited in its queue
    slow.failed();
    now += 500;
    expect(t.begin('ada', '10.3.0.1')).toEqual({ waitMs: 500, reason: 'failures' });
  });

  test('parallel guesses beyond the ones in flight are refused before any is counted', () => {
    const t = throttle();
    const open = [attempt(t, 'ada', '10.7.0.1'), attempt(t, 'ada', '10.7.0.1')];
    expect(t.begin('ada', '10.7.0.1')).toEqual({ waitMs: THROTTLE.busyWaitMs, reason: 'busy' });
    open[0].release();
    expect(isRefusal(t.begin('ada', '10.7.0.1'))).toBe(false);
  });

  test('an IPv6 address counts by its /64: failures spread over one /64 throttle all of it, not the next /64', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:7')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    const t = throttle();
    for (let i = 0; i <= THROTTLE.address.free; i++) attempt(t, `user${i}`, `2001:db8:1:2::${i + 1}`).failed();
    expect(t.begin('someone', '2001:db8:1:2:abcd::9')).toMatchObject({ reason: 'failures' });
    expect(isRefusal(t.begin('someone', '2001:db8:1:3::9'))).toBe(false);
  });

  test('a success clears the pair but not the address; counts are forgotten 15 minutes after the last failure', () => {
    const t = throttle();
    for (let i = 0; i < THROTTLE.pair.free; i++) attempt(t, 'bob', '10.5.0.1').failed();
    attempt(t, 'bob', '10.5.0.1').succeeded();
    for (let i = 0; i < THROTTLE.pair.free; i++) attempt(t, 'bob', '10.5.0.1').failed();
    expect(
      attempt(t, 'bob', '10.5.0.1')
        .failed()
        .map((c) => c.limit),
    ).toEqual(['account-and-address']);
    now += THROTTLE.forgetAfterMs + 60_000;
    expect(isRefusal(t.begin('bob', '10.5.0.1'))).toBe(false);
    expect(t.stats().waiting).toEqual([]);
  });

  test('a link guess counts against its address only', () => {
    const t = throttle();
    const crossed = [];
    for (let i = 0; i <= THROTTLE.address.free; i++) crossed.push(...attempt(t, null, '10.4.0.1').failed());
    expect(crossed.map((c) => c.limit)).toEqual(['address']);
    expect(t.begin(null, '10.4.0.1')).toMatchObject({ reason: 'failures' });
  });
});

describe('the hashing queue', () => {
  function harness() {
    const q = createHashQueue({ running: 2, changeRunning: 1, waiting: { 'sign-in': 2, change: 2 } });
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const job = (lane: 'sign-in' | 'change', name: string) =>
      q.run(lane, () => {
        started.push(name);
        return new Promise<void>((done) => finish.set(name, done));
      });
    const settle = () => new Promise((r) => setImmediate(r));
    return { q, started, finish, job, settle };
  }

  test('work of the change lane holds at most one of the running hashes: a sign-in starts at once', async () => {
    const h = harness();
    void h.job('change', 'c1');
    void h.job('change', 'c2');
    await h.settle();
    expect(h.started).toEqual(['c1']);
    void h.job('sign-in', 's1');
    await h.settle();
    expect(h.started).toEqual(['c1', 's1']);
  });

  test('when a hash ends, a waiting sign-in goes before waiting changes', async () => {
    const h = harness();
    void h.job('sign-in', 's1');
    void h.job('sign-in', 's2');
    void h.job('change', 'c1');
    void h.job('sign-in', 's3');
    await h.settle();
    expect(h.started).toEqual(['s1', 's2']);
    h.finish.get('s1')!();
    await h.settle();
    expect(h.started).toEqual(['s1', 's2', 's3']);
    h.finish.get('s2')!();
    await h.settle();
    expect(h.started).toEqual(['s1', 's2', 's3', 'c1']);
    expect(h.q.stats()).toEqual({ started: 4, running: 2, waiting: { 'sign-in': 0, change: 0 } });
  });

  test('a lane whose line is full refuses with 503 and Retry-After, without touching the other lane', async () => {
    const h = harness();
    void h.job('change', 'c1');
    void h.job('change', 'c2');
    void h.job('change', 'c3');
    await expect(h.job('change', 'c4')).rejects.toBeInstanceOf(HashingBusy);
    await expect(h.job('change', 'c4')).rejects.toMatchObject({ kind: 'unavailable', retryAfterSeconds: 5 });
    void h.job('sign-in', 's1');
    await h.settle();
    expect(h.started).toEqual(['c1', 's1']);
  });
});
