// The cache of encoded detection windows: bounded by bytes, shared by concurrent readers, keyed by version.
import { describe, expect, it } from 'vitest';
import { WindowCache, type EncodedWindow } from '../../server/services/window-cache';

const windowOf = (bytes: number): EncodedWindow => ({ body: Buffer.alloc(bytes), count: 1 });

describe('WindowCache', () => {
  it('never holds more bytes than its bound, dropping the least recently used window', async () => {
    const cache = new WindowCache(10_000);
    for (let i = 0; i < 20; i++)
      await cache.get(WindowCache.key(1, 0, i * 100, i * 100 + 100), async () => windowOf(3000));
    expect(cache.size).toBeLessThanOrEqual(10_000);
    expect(cache.entries).toBe(3);
    let encoded = 0;
    await cache.get(WindowCache.key(1, 0, 1900, 2000), async () => {
      encoded++;
      return windowOf(3000);
    });
    await cache.get(WindowCache.key(1, 0, 0, 100), async () => {
      encoded++;
      return windowOf(3000);
    });
    expect(encoded).toBe(1); // the newest is still there, the oldest was dropped
  });

  it('does not keep a window larger than the whole bound, but still answers it', async () => {
    const cache = new WindowCache(1000);
    const w = await cache.get('big', async () => windowOf(5000));
    expect(w.body.byteLength).toBe(5000);
    expect(cache.size).toBe(0);
  });

  it('encodes once for readers that ask for the same window at the same time', async () => {
    const cache = new WindowCache(1_000_000);
    let encoded = 0;
    const encode = async () => {
      encoded++;
      await new Promise((r) => setImmediate(r));
      return windowOf(100);
    };
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.get(WindowCache.key(7, 3, 0, 240), encode)));
    expect(encoded).toBe(1);
    expect(new Set(all).size).toBe(1);
  });

  it('treats another annotation version as another window', async () => {
    const cache = new WindowCache(1_000_000);
    await cache.get(WindowCache.key(7, 3, 0, 240), async () => windowOf(100));
    const next = await cache.get(WindowCache.key(7, 4, 0, 240), async () => ({ body: Buffer.from('new'), count: 2 }));
    expect(next.count).toBe(2);
  });

  it('with a bound of 0 keeps nothing', async () => {
    const cache = new WindowCache(0);
    let encoded = 0;
    await cache.get('k', async () => {
      encoded++;
      return windowOf(10);
    });
    await cache.get('k', async () => {
      encoded++;
      return windowOf(10);
    });
    expect(encoded).toBe(2);
  });
});
