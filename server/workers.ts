// Queue workers that run inside a process (npm start) or alone (npm run worker).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connect';
import type { JobQueue } from './queue';
import type { MediaService } from './services/media';

export interface WorkerDeps { config: Config; database: Database; media: MediaService; queue: JobQueue; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> }

/** Registers every job handler; returns a stop function that lets running jobs end safely. */
export async function startWorkers(deps: WorkerDeps): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  // Job handlers register here (processing, render, import) as they are built.
  void deps;
  return async () => { for (const s of stops) await s(); };
}
