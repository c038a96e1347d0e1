// What a job kind is to the runner (job-runner.ts): one definition per kind (listed in jobs/registry.ts) holds its queue,
// its work (`run`) and what to do around the work when it is cancelled, fails, is stopped by a server
// stop, is cancelled before it started, or is found interrupted at start-up. The runner does the rest:
// it begins and ends the job_progress row, reports progress, watches the cancel flag and the stop.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/connect';
import type { JobQueue } from '../queue';
import type { MediaService } from '../media/media-service';
import type { JobProgressRow } from '../repositories/job-progress';
import type { JobKind } from '../../domain/job-progress';
import type { QueueSpec } from '../queue';

export interface WorkerDeps {
  config: Config;
  database: Database;
  media: MediaService;
  queue: JobQueue;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What a running job's work sees: its data, its kind's dependencies, progress reporting and the stop signals. */
export interface JobContext<X = unknown> {
  readonly db: Db;
  readonly deps: X;
  readonly progressId: number;
  /** Aborts when someone asks to cancel the job or the server stops. */
  readonly signal: AbortSignal;
  /** Progress 0–100 (never goes down) and the stage; cheap to call every frame. */
  report(progress: number, stage?: string | null): void;
  /** Who asked to cancel, or null. */
  cancelledBy(): string | null;
  /** True once the server is stopping. */
  stopping(): boolean;
  /** Throws (CancelledError when cancelled) when the job was cancelled or the server is stopping: a safe point between steps. */
  throwIfStopped(): void;
  /**
   * The point of no return: writes the last progress and throws if a cancel or stop arrived meanwhile.
   * After it the job commits; a cancel that comes later is too late and the job ends done.
   */
  pointOfNoReturn(): Promise<void>;
  /** Milliseconds since the run began. */
  elapsedMs(): number;
  /** The job's progress row as stored now. */
  row(): Promise<JobProgressRow | null>;
}

/** How the work ended; without `state` it is done. `outcome` is what the runner answers its caller. */
export interface JobEnd {
  state?: 'done' | 'failed' | 'cancelled';
  outcome?: string;
  result?: Record<string, unknown>;
  link?: string | null;
  message?: string | null;
  /** What the work answers its caller (e.g. a scan's counts), passed through runJob. */
  value?: unknown;
  /** Runs after the row has ended (e.g. the automatic render after processing); must not throw. */
  after?: () => Promise<void>;
}

/** Fields a hook adds to the row it ends. */
export type EndFields = Pick<JobEnd, 'result' | 'link' | 'message'>;

/** A job a start-up recovery found interrupted: its progress row ends failed with `message`. */
export interface Interrupted {
  progressId?: number | null;
  subject?: string;
  videoId?: number;
  message: string;
  result?: Record<string, unknown>;
}

export interface RecoveryOptions {
  singleProcess: boolean;
}

export interface JobDefinition<D = unknown, X = unknown> {
  kind: JobKind;
  /** The pg-boss queue of a kind that runs on a worker; in-process kinds (scan, purge, follow) have none. */
  queue?: QueueSpec & { concurrency(config: Config): number };
  /** The stage shown when the run begins. */
  firstStage: string;
  /** The work itself. Throws to fail (or when cancelled or stopped, through ctx.throwIfStopped). */
  run(ctx: JobContext<X>, data: D): Promise<JobEnd>;
  /** Puts back what a run changed when it was cancelled while running. */
  cancelled?(ctx: JobContext<X>, data: D, by: string): Promise<EndFields | void>;
  /** Records a failure where the kind keeps its own state (video status, renders row, ingest job). */
  failed?(ctx: JobContext<X>, data: D, reason: string): Promise<EndFields | void>;
  /**
   * A server stop: 'retry' puts the row back to queued and throws JobStoppedError so the queue runs it
   * again; 'fail' ends it failed with `stoppedMessage` (through `failed`).
   */
  onStop: 'retry' | 'fail';
  stoppedMessage: string;
  /** Called before a 'retry' stop requeues the row (e.g. to log it). */
  stopped?(ctx: JobContext<X>, data: D): Promise<void>;
  /** What a request changed before its job ran, undone when it is cancelled while still queued. */
  undoBeforeStart?(db: Db, row: JobProgressRow, by: string): Promise<void>;
  /** Start-up recovery of the kind's own state; the runner ends the progress rows it answers. */
  recover?(database: Database, queue: JobQueue | null, o: RecoveryOptions): Promise<Interrupted[]>;
}

/** A queued kind's worker in one process: the queue handler and a stop that lets the running job end safely. */
export interface JobWorker<D> {
  handle(data: D): Promise<void>;
  stop(): Promise<void>;
}
