// The one lifecycle of every long job. `runJob` takes a kind's definition and one run's data: it moves the
// progress row queued → running, gives the work a context (progress, cancel and stop signals, the point of
// no return), and ends the row done, failed or cancelled, calling the kind's hooks to put back or record
// what the kind keeps elsewhere. `withdrawQueuedJob` ends a job cancelled before it started, and
// `endInterruptedJob` one that start-up recovery found dead. Job rows end nowhere else.
import type { Db } from '../db/connect';
import type { JobQueue } from '../queue';
import type { JobProgressRow } from '../repositories/job-progress';
import { findLiveJob } from '../repositories/job-progress';
import {
  beginJob,
  CancelledError,
  finishJob,
  ProgressReporter,
  readJob,
  requeueJob,
  type ReporterOptions,
} from './job-progress';
import type { EndFields, JobContext, JobDefinition, JobEnd } from './job-definition';

/** Thrown out of runJob when a server stop interrupts a 'retry' kind: the queue runs the job again. */
export class JobStoppedError extends Error {
  constructor(kind: string) {
    super(`${kind} stopped (server shutting down); the job will be retried`);
  }
}

/** Thrown at a safe point when the server stops. */
class ServerStopping extends Error {
  constructor() {
    super('the server is stopping');
  }
}

export interface RunOptions<D, X> {
  db: Db;
  deps: X;
  progressId: number;
  data: D;
  /** The server's stop: aborted when the process shuts down. */
  stop?: AbortSignal;
  reporter?: ReporterOptions;
}

/** How a run ended: the row's state, or 'skipped' (already ended or taken), and the kind's own outcome. */
export interface RunEnd {
  state: 'done' | 'failed' | 'cancelled' | 'skipped';
  outcome: string;
  value?: unknown;
  error?: unknown;
}

const merge = (base: EndFields, extra: EndFields | void) => ({ ...base, ...(extra ?? {}) });

export async function runJob<D, X>(def: JobDefinition<D, X>, o: RunOptions<D, X>): Promise<RunEnd> {
  const { db, progressId, data } = o;
  const stop = o.stop ?? new AbortController().signal;
  const t0 = performance.now();
  let reporter: ProgressReporter | null = null;
  let committed = false;
  let signal = stop;
  const ctx: JobContext<X> = {
    db,
    deps: o.deps,
    progressId,
    get signal() {
      return signal;
    },
    report: (p, stage) => reporter?.report(p, stage),
    cancelledBy: () => reporter?.cancelledBy ?? null,
    stopping: () => stop.aborted,
    throwIfStopped: () => {
      if (reporter?.cancelledBy) throw new CancelledError(reporter.cancelledBy);
      if (stop.aborted) throw new ServerStopping();
    },
    async pointOfNoReturn() {
      await reporter?.flush();
      // a cancel that arrived during the flush still wins; after this one nothing does
      ctx.throwIfStopped();
      committed = true;
    },
    elapsedMs: () => performance.now() - t0,
    row: () => readJob(db, progressId),
  };
  if (stop.aborted) {
    // taken while the server stops
    if (def.onStop === 'retry') throw new JobStoppedError(def.kind);
    const extra = await def.failed?.(ctx, data, def.stoppedMessage);
    await finishJob(db, progressId, 'failed', merge({ message: def.stoppedMessage }, extra));
    return { state: 'failed', outcome: 'failed' };
  }
  if (!(await beginJob(db, progressId, def.firstStage))) {
    const row = await readJob(db, progressId);
    // a row its request began running, flagged before the work started: the work sees the flag at once
    if (row?.state === 'running' && row.cancelRequestedBy) {
      /* runs on, to end cancelled through the hooks */
    } else {
      // cancelled while it waited (or ended meanwhile): whoever ends the queued row undoes the request
      if (row?.state === 'queued' && row.cancelRequestedBy)
        await withdrawQueuedJob(def, { db }, row, row.cancelRequestedBy);
      return row?.cancelRequestedBy
        ? { state: 'cancelled', outcome: 'cancelled' }
        : { state: 'skipped', outcome: 'skipped' };
    }
  }
  reporter = new ProgressReporter(db, progressId, o.reporter);
  signal = AbortSignal.any([stop, reporter.signal]);
  let end: JobEnd;
  try {
    end = await def.run(ctx, data);
  } catch (e) {
    await reporter.close();
    const by = reporter.cancelledBy;
    if (by && !committed) {
      const extra = await def.cancelled?.(ctx, data, by);
      await finishJob(db, progressId, 'cancelled', merge({ message: `cancelled by ${by}` }, extra));
      return { state: 'cancelled', outcome: 'cancelled', error: e };
    }
    if (stop.aborted && def.onStop === 'retry') {
      await def.stopped?.(ctx, data).catch(() => {});
      await requeueJob(db, progressId).catch(() => {});
      throw new JobStoppedError(def.kind);
    }
    const reason = stop.aborted ? def.stoppedMessage : (e as Error).message || String(e);
    const extra = await def.failed?.(ctx, data, reason);
    await finishJob(db, progressId, 'failed', merge({ message: reason.slice(0, 500) }, extra));
    return { state: 'failed', outcome: 'failed', error: e };
  }
  await reporter.close();
  const state = end.state ?? 'done';
  await finishJob(db, progressId, state, { result: end.result, link: end.link, message: end.message });
  await end.after?.();
  return { state, outcome: end.outcome ?? state, value: end.value };
}

/**
 * Ends a queued job as cancelled, once: whoever moves the row from queued to cancelled (the cancel
 * request or the worker that finds the flag) withdraws the queue job and undoes the request.
 */
export async function withdrawQueuedJob(
  def: Pick<JobDefinition, 'undoBeforeStart'> | undefined,
  deps: { db: Db; queue?: JobQueue },
  row: JobProgressRow,
  by: string,
): Promise<boolean> {
  if (row.queueName && row.queueJobId && deps.queue)
    await deps.queue.boss.cancel(row.queueName, row.queueJobId).catch(() => {});
  const won = await finishJob(deps.db, row.id, 'cancelled', { onlyFrom: ['queued'], message: `cancelled by ${by}` });
  if (won) await def?.undoBeforeStart?.(deps.db, row, by);
  return won;
}

/** Ends the progress row of a job start-up recovery found interrupted (by id, or the live row of kind and subject). */
export async function endInterruptedJob(
  db: Db,
  j: { progressId?: number | null; kind?: string; subject?: string; message: string; result?: Record<string, unknown> },
): Promise<boolean> {
  const id = j.progressId ?? (j.kind && j.subject ? (await findLiveJob(db, j.kind, j.subject))?.id : undefined);
  if (id == null) return false;
  return finishJob(db, id, 'failed', { message: j.message, ...(j.result ? { result: j.result } : {}) });
}
