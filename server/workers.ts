// Queue workers that run inside a process (npm start) or alone (npm run worker): one per job kind that
// has a queue (its definition listed in server/jobs/registry.ts), at the concurrency its definition gives.
import type { JobDefinition, JobWorker, WorkerDeps } from './services/job-definition';
import { JOB_DEFINITIONS } from './jobs/registry';
import { processingWorker } from './jobs/kinds/processing/video-processor';
import { renderWorker } from './jobs/kinds/render/video-renderer';
import { importWorker } from './services/packages/import';

export type { WorkerDeps };

/** Each queued kind's worker: the per-process part (pose pool, renderer) and its handler. */
const WORKERS: Partial<Record<JobDefinition['kind'], (deps: WorkerDeps) => JobWorker<never>>> = {
  processing: processingWorker,
  render: renderWorker,
  import: importWorker,
};

/** Registers every job handler; returns a stop function that lets running jobs end safely. */
export async function startWorkers(deps: WorkerDeps): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  for (const def of Object.values(JOB_DEFINITIONS)) {
    const make = WORKERS[def.kind];
    if (!def.queue || !make) continue;
    const { name } = def.queue;
    const worker = make(deps);
    await deps.queue.work<object>(name as never, def.queue.concurrency(deps.config), (data) =>
      worker.handle(data as never),
    );
    stops.push(async () => {
      await deps.queue.boss.offWork(name); // fetch no new jobs (does not wait for the running one)
      await worker.stop();
    });
  }
  return async () => {
    for (const s of stops) await s();
  };
}
