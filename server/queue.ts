// pg-boss on the same database as everything else: natively on PostgreSQL, through a small
// executeSql adapter on PGlite (multi-statement SQL goes through PGlite's exec). All SQL over pg-boss's
// own tables lives here, so nothing else depends on how pg-boss stores its jobs. The queues of the job
// kinds that run on a worker (processing, render, package import) are named here with their retry
// policy; each kind's definition names its own.
import PgBoss from 'pg-boss';
import type { Database } from './db/connect';

export interface QueueSpec {
  name: string;
  /** Retries cover a worker that crashed or was restarted mid-job (its job expires, then is retried). */
  retryLimit: number;
}

export const QUEUE_SPECS = {
  process: { name: 'video-process', retryLimit: 2 },
  render: { name: 'video-render', retryLimit: 2 },
  // never retried: a replay would write the package over edits made since; an interrupted one is ended instead
  import: { name: 'package-import', retryLimit: 0 },
} as const satisfies Record<string, QueueSpec>;

export const QUEUES = {
  process: QUEUE_SPECS.process.name,
  render: QUEUE_SPECS.render.name,
  import: QUEUE_SPECS.import.name,
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** A job that waits ('created', 'retry') or runs ('active'). */
export interface LiveJob<T = unknown> {
  id: string;
  state: 'created' | 'retry' | 'active';
  data: T;
}

export interface JobQueue {
  boss: PgBoss;
  /** Jobs of a queue that wait or run, oldest first. */
  liveJobs<T>(name: QueueName): Promise<LiveJob<T>[]>;
  send(name: QueueName, data: object, opts?: PgBoss.SendOptions): Promise<string | null>;
  work<T extends object>(
    name: QueueName,
    concurrency: number,
    handler: (data: T, job: PgBoss.Job<T>) => Promise<void>,
  ): Promise<void>;
  stop(): Promise<void>;
}

export async function startQueue(
  database: Database,
  opts: { databaseUrl?: string; logError?: (e: unknown) => void } = {},
): Promise<JobQueue> {
  const common = { schema: 'pgboss', supervise: true, schedule: false, monitorStateIntervalSeconds: 60 };
  const boss = opts.databaseUrl
    ? new PgBoss({ ...common, connectionString: opts.databaseUrl, max: 4 })
    : new PgBoss({ ...common, db: { executeSql: (text, values) => database.sql.query(text, values) } });
  boss.on('error', (e) => opts.logError?.(e));
  await boss.start();
  for (const { name, retryLimit } of Object.values(QUEUE_SPECS)) {
    await boss.createQueue(name, { name, retryLimit, retryDelay: 5, expireInSeconds: 60 * 60 * 2 });
  }
  // this process's workers of each queue: a job sent here wakes them, rather than waiting for their next poll
  // (up to a second, which a short video's whole job is not much longer than)
  const workersOf = new Map<QueueName, string[]>();
  return {
    boss,
    async liveJobs<T>(name: QueueName) {
      const { rows } = await database.sql.query<LiveJob<T>>(
        `select id, state::text as state, data from pgboss.job where name = $1 and state in ('created', 'retry', 'active') order by created_on, id`,
        [name],
      );
      return rows;
    },
    async send(name, data, o) {
      const id = await boss.send(name, data, o ?? {});
      for (const w of workersOf.get(name) ?? []) boss.notifyWorker(w);
      return id;
    },
    async work(name, concurrency, handler) {
      for (let i = 0; i < concurrency; i++) {
        const id = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await handler(job.data as never, job as never);
        });
        workersOf.set(name, [...(workersOf.get(name) ?? []), id]);
      }
    },
    async stop() {
      // graceful: let running handlers finish (they check their abort signal), then stop polling.
      await boss.stop({ graceful: true, wait: true, timeout: 30_000, close: Boolean(opts.databaseUrl) });
    },
  };
}
