// The editor's warm pose worker: one pose pool (one worker thread by default) started on the first assist
// or follow call of a process, kept while calls keep coming and closed after IDLE_MS without one, so a
// click on "Pose" costs an inference, not a model load, and an idle server holds no model. Assist calls run
// one at a time (a second waits its turn); more than MAX_WAITING waiting ones are refused with a 429.
import { TooMany } from '../../domain-errors';
import { ensureModel } from '../../processing/model-fetch';
import { PosePool } from '../../processing/pose-pool';

/** The pool closes after this long without a call. */
export const IDLE_MS = 5 * 60_000;
/** Assist calls that may wait behind a running one; the next is a 429. */
export const MAX_WAITING = 4;

export interface AssistPoolOptions {
  modelsDir: string;
  threads?: number;
  idleMs?: number;
}

export class AssistPool {
  private pool: Promise<PosePool> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private users = 0;
  private running = false;
  private queue: Array<() => void> = [];
  private closed = false;

  constructor(private readonly o: AssistPoolOptions) {}

  /** The warm pool (started when needed); `use` holds it awake until the callback ends. */
  async use<T>(work: (pool: PosePool) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the pose worker is shut down');
    this.users++;
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    try {
      return await work(await this.started());
    } finally {
      if (--this.users === 0 && !this.closed) {
        this.idleTimer = setTimeout(() => void this.retire(), this.o.idleMs ?? IDLE_MS);
        this.idleTimer.unref();
      }
    }
  }

  /** Runs one assist call: one at a time, MAX_WAITING more wait their turn, beyond that a 429. */
  async assist<T>(work: (pool: PosePool) => Promise<T>): Promise<T> {
    if (this.running) {
      if (this.queue.length >= MAX_WAITING)
        throw new TooMany(`The pose assistant is busy with ${MAX_WAITING + 1} requests; try again in a moment.`);
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    this.running = true;
    try {
      return await this.use(work);
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running = false;
    }
  }

  /** True while a pool is started (or starting). */
  get warm(): boolean {
    return this.pool !== null;
  }

  private started(): Promise<PosePool> {
    if (!this.pool) {
      const p = ensureModel(this.o.modelsDir).then((m) => PosePool.start(m, this.o.threads ?? 1, { flow: false }));
      p.catch(() => {
        if (this.pool === p) this.pool = null;
      }); // a failed start is retried by the next call
      this.pool = p;
    }
    // a pool whose worker died refuses work: start a fresh one
    return this.pool.then((pool) => {
      if (!pool.broken) return pool;
      void pool.close();
      this.pool = null;
      return this.started();
    });
  }

  private async retire(): Promise<void> {
    this.idleTimer = null;
    if (this.users > 0 || !this.pool) return;
    const p = this.pool;
    this.pool = null;
    await p.then(
      (pool) => pool.close(),
      () => {},
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const p = this.pool;
    this.pool = null;
    await p?.then(
      (pool) => pool.close(),
      () => {},
    );
  }
}
