// The editor's warm pose worker: assists run one at a time with a bounded wait list (then 429), and the
// model is let go after the idle time.
import { afterAll, describe, expect, it } from 'vitest';
import { AssistPool, MAX_WAITING } from '../../server/services/assist/assist-pool';
import { TooMany } from '../../server/domain-errors';
import { TEST_MODELS_DIR, waitFor } from '../processing/video-rows';

const pool = new AssistPool({ modelsDir: TEST_MODELS_DIR, idleMs: 200 });
afterAll(async () => {
  await pool.close();
});

describe('AssistPool', () => {
  it('runs assists one at a time, lets MAX_WAITING wait and refuses the next with a 429 detail', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let inside = 0,
      most = 0;
    const work = async () => {
      inside++;
      most = Math.max(most, inside);
      await gate;
      inside--;
      return 'ok';
    };
    const calls = Array.from({ length: MAX_WAITING + 1 }, () => pool.assist(work));
    await waitFor(async () => inside === 1, 'the first assist to start', 60_000);
    await expect(pool.assist(work)).rejects.toBeInstanceOf(TooMany);
    await expect(pool.assist(work)).rejects.toThrow(/busy/);
    release();
    expect(await Promise.all(calls)).toEqual(Array(MAX_WAITING + 1).fill('ok'));
    expect(most).toBe(1);
  }, 90_000);

  it('lets the model go after the idle time and starts it again on the next call', async () => {
    expect(await pool.use(async (p) => p.threads)).toBe(1);
    await waitFor(async () => !pool.warm, 'the idle pool to close', 10_000);
    expect(await pool.use(async (p) => p.threads)).toBe(1);
    expect(pool.warm).toBe(true);
  }, 90_000);
});
