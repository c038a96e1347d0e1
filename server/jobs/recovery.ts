// Start-up recovery for every kind, from the definitions: first each kind's own (processing queues a
// video left 'processing' again; an import is ended, never replayed; a render is failed with its previous
// artifact kept), whose interrupted runs end their progress rows here with the kind's reason; then the
// generic sweep: a running row of a dead process, or a queued one whose queue job is gone, ends failed.
// With one process (embedded database) every running job is dead; with several, only stale ones.
import type { Database } from '../db/connect';
import type { JobQueue } from '../queue';
import { failDeadJobs } from '../repositories/job-progress';
import { definitionOf, JOB_DEFINITIONS } from './registry';
import { endInterruptedJob } from '../services/job-runner';
import type { Interrupted, RecoveryOptions } from '../services/job-definition';

export interface JobRecoveryOptions extends RecoveryOptions {
  staleAfterMs?: number;
}

/** One kind's own recovery; answers what it found interrupted (their rows already ended). */
export async function recoverKind(
  database: Database,
  queue: JobQueue | null,
  kind: string,
  o: RecoveryOptions,
): Promise<Interrupted[]> {
  const def = definitionOf(kind);
  const found = (await def?.recover?.(database, queue, o)) ?? [];
  for (const j of found) await endInterruptedJob(database.db, { ...j, kind });
  return found;
}

/** Every kind's recovery, then the sweep of the rows left; answers how many rows the sweep ended. */
export async function recoverJobs(database: Database, queue: JobQueue | null, o: JobRecoveryOptions): Promise<number> {
  for (const def of Object.values(JOB_DEFINITIONS)) await recoverKind(database, queue, def.kind, o);
  return sweepDeadJobs(database, queue, o);
}

export async function sweepDeadJobs(
  database: Database,
  queue: JobQueue | null,
  o: JobRecoveryOptions,
): Promise<number> {
  const liveQueueIds: string[] = [];
  const names = new Set(Object.values(JOB_DEFINITIONS).flatMap((d) => (d.queue ? [d.queue.name] : [])));
  if (queue) for (const name of names) liveQueueIds.push(...(await queue.liveJobs(name as never)).map((j) => j.id));
  const staleBefore = o.singleProcess ? null : new Date(Date.now() - (o.staleAfterMs ?? 120_000));
  return failDeadJobs(database.db, { staleBefore, liveQueueIds });
}
