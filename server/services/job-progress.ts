// One progress model for every long job (processing, render, package import, scan, re-ingest, purge).
// A job is a `job_progress` row: started (queued or running), reported on (throttled, monotonic, with an
// ETA from the measured rate), and finished (done, failed or cancelled). Cancelling is cooperative: a
// user flags the row (jobs/cancel.ts) and the job, which polls the flag through its reporter,
// stops itself. The row lives in the database so every server process can answer for every job, and a
// restart can tell which jobs died with their process (server/jobs/recovery.ts). The job runner
// (services/job-runner.ts) drives every job's row through these steps.
import type { Db, Tx } from '../db/connect';
import {
  findJob,
  finishJobRow,
  insertJob,
  markRequeued,
  markRunning,
  readCancelRequest,
  setQueueRef,
  touchJob,
  writeProgress,
  type Finish,
} from '../repositories/job-progress';
import type { JobKind } from '../../domain/job-progress';

export type { JobKind };

export interface StartJob {
  kind: JobKind;
  videoId?: number | null;
  sourceRoot?: string | null;
  /** What the job works on when it is neither a video nor a source (e.g. 'package:/path/pkg.zip'). */
  subject?: string;
  startedBy: string | null;
  /** 'queued' when a queue will run it later; 'running' when it starts now (the default). */
  state?: 'queued' | 'running';
  /** False for a job that cannot stop half-way: the activity panel then offers no Cancel. */
  cancellable?: boolean;
  queue?: { name: string; jobId: string | null };
  link?: string | null;
  stage?: string | null;
  /** Facts the job needs again when it is cancelled before it starts (e.g. the status to restore). */
  result?: Record<string, unknown>;
}

export const subjectOf = (j: Pick<StartJob, 'videoId' | 'sourceRoot' | 'subject'>) =>
  j.subject ?? (j.videoId != null ? `video:${j.videoId}` : j.sourceRoot != null ? `source:${j.sourceRoot}` : 'global');

/** Creates the progress row of a new run; returns its id. */
export function startJob(db: Db | Tx, j: StartJob): Promise<number> {
  return insertJob(db, {
    kind: j.kind,
    subject: subjectOf(j),
    videoId: j.videoId ?? null,
    sourceRoot: j.sourceRoot ?? null,
    state: j.state ?? 'running',
    startedBy: j.startedBy,
    cancellable: j.cancellable ?? true,
    queueName: j.queue?.name ?? null,
    queueJobId: j.queue?.jobId ?? null,
    link: j.link ?? null,
    stage: j.stage ?? null,
    result: j.result ?? {},
  });
}

export const attachQueueJob = (db: Db | Tx, id: number, queueName: string, queueJobId: string | null) =>
  setQueueRef(db, id, queueName, queueJobId);

/** queued → running when a worker takes the job; false when it was cancelled or finished meanwhile. */
export const beginJob = (db: Db | Tx, id: number, stage: string | null = null) => markRunning(db, id, stage);

/** A run stopped by a server stop goes back to queued; the queue retries it. */
export const requeueJob = (db: Db | Tx, id: number) => markRequeued(db, id, 'waiting for a retry');

/** One unthrottled progress write; answers who asked to cancel (null: nobody). Progress never goes down. */
export async function reportProgress(
  db: Db | Tx,
  id: number,
  p: { progress: number; stage?: string | null; etaS?: number | null },
): Promise<string | null> {
  const r = await writeProgress(db, id, { progress: clampPct(p.progress), stage: p.stage, etaS: p.etaS ?? null });
  return r?.cancelRequestedBy ?? null;
}

/** Ends a run: done (progress 100), failed or cancelled. False when it had already ended. */
export function finishJob(
  db: Db | Tx,
  id: number,
  state: Finish['state'],
  extra: Omit<Finish, 'state'> = {},
): Promise<boolean> {
  return finishJobRow(db, id, { ...extra, state });
}

export const readJob = (db: Db | Tx, id: number) => findJob(db, id);

const clampPct = (p: number) => (Number.isFinite(p) ? Math.min(100, Math.max(0, p)) : 0);

/**
 * Seconds left from the rate measured since the first sample of the current stage (so loading a model
 * does not count as slow analysis): the time one percent took so far, times the percents left. Null until there is a rate worth quoting (≥ 1 % and ≥ 1 s of it).
 */
export function etaFromRate(
  first: { at: number; progress: number },
  now: { at: number; progress: number },
): number | null {
  const done = now.progress - first.progress;
  const ms = now.at - first.at;
  if (done < 1 || ms < 1000 || now.progress >= 100) return null;
  return Math.max(1, Math.round(((ms / done) * (100 - now.progress)) / 1000));
}

export interface ReporterOptions {
  /** At most one progress write per this many ms (the last one always lands on flush). Default 1000. */
  minWriteMs?: number;
  /** How often the cancel flag is read between writes. Default 500 (a cancel lands within ~0.5–1 s). */
  cancelPollMs?: number;
  /** How often, with no progress to write, the row's updated_at is still refreshed (liveness). Default 10 s. */
  heartbeatMs?: number;
  /** Time source, for tests. */
  now?: () => number;
}

/**
 * The reporter a running job holds: `report(pct, stage)` is cheap to call every frame (writes are
 * throttled), `signal` aborts when someone asks to cancel, `cancelledBy` says who. Call `close()` when
 * the job ends.
 */
export class ProgressReporter {
  private readonly controller = new AbortController();
  private readonly now: () => number;
  /** Where the rate is measured from: the first sample of the current stage (stages run at different speeds). */
  private first: { at: number; progress: number; stage: string | null | undefined } | null = null;
  private stage: string | null | undefined = undefined;
  private lastWrite = 0;
  private lastTouch = 0;
  private pending: { progress: number; stage?: string | null } | null = null;
  private last = 0;
  private writing: Promise<void> | null = null;
  private polling = false;
  private readonly timer: ReturnType<typeof setInterval>;
  cancelledBy: string | null = null;

  constructor(
    private readonly db: Db,
    readonly id: number,
    private readonly o: ReporterOptions = {},
  ) {
    this.now = o.now ?? (() => Date.now());
    this.lastTouch = this.now();
    this.timer = setInterval(() => void this.poll(), o.cancelPollMs ?? 500);
    this.timer.unref?.();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Records progress (0–100; lower values than before are ignored) and the stage; writes at most once per interval. */
  report(progress: number, stage?: string | null): void {
    const p = Math.max(this.last, clampPct(progress));
    this.last = p;
    if (stage !== undefined) this.stage = stage;
    this.pending = { progress: p, ...(stage !== undefined ? { stage } : {}) };
    if (this.now() - this.lastWrite >= (this.o.minWriteMs ?? 1000)) void this.write();
  }

  /** Writes whatever is pending now (e.g. at a stage change or before finishing). */
  async flush(): Promise<void> {
    await this.writing;
    if (this.pending) await this.write();
  }

  private write(): Promise<void> {
    if (this.writing || !this.pending) return this.writing ?? Promise.resolve();
    const p = this.pending;
    this.pending = null;
    const at = this.now();
    this.lastWrite = at;
    this.lastTouch = at;
    if (!this.first || this.first.stage !== this.stage) this.first = { at, progress: p.progress, stage: this.stage };
    const etaS = etaFromRate(this.first, { at, progress: p.progress });
    this.writing = reportProgress(this.db, this.id, { ...p, etaS })
      .then(
        (by) => this.noteCancel(by),
        () => {},
      )
      .finally(() => {
        this.writing = null;
      });
    return this.writing;
  }

  private async poll(): Promise<void> {
    // One read at a time: on a slow database, overlapping polls would queue up in the pool faster than
    // they finish and starve every other query (the cancel request's included).
    if (this.polling || this.writing || this.controller.signal.aborted) return;
    this.polling = true;
    try {
      const stale = this.now() - this.lastTouch >= (this.o.heartbeatMs ?? 10_000);
      if (stale) this.lastTouch = this.now();
      this.noteCancel(stale ? await touchJob(this.db, this.id) : await readCancelRequest(this.db, this.id));
    } catch {
      /* a failed poll is tried again on the next tick */
    } finally {
      this.polling = false;
    }
  }

  private noteCancel(by: string | null): void {
    if (!by || this.controller.signal.aborted) return;
    this.cancelledBy = by;
    this.controller.abort(new CancelledError(by));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.writing;
  }
}

/** Thrown (or used as an abort reason) when a user cancelled the job. */
export class CancelledError extends Error {
  constructor(readonly by: string) {
    super(`cancelled by ${by}`);
  }
}
