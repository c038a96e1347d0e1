// SQL of job progress: one row per run of a long job. Every write that moves a job on is guarded by the
// state it expects (queued → running → done | failed | cancelled), so two processes racing over one job
// (a cancel against the worker picking it up) cannot both win.
import { and, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { jobProgress, sources, videos } from '../db/schema';

export type JobProgressRow = typeof jobProgress.$inferSelect;
export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export const LIVE_STATES: JobState[] = ['queued', 'running'];

export type NewJob = Pick<
  typeof jobProgress.$inferInsert,
  | 'kind'
  | 'subject'
  | 'videoId'
  | 'sourceRoot'
  | 'state'
  | 'startedBy'
  | 'cancellable'
  | 'queueName'
  | 'queueJobId'
  | 'link'
  | 'result'
  | 'stage'
>;

export async function insertJob(db: Db | Tx, job: NewJob): Promise<number> {
  const now = new Date();
  const [row] = await db
    .insert(jobProgress)
    .values({ ...job, queuedAt: now, updatedAt: now, startedAt: job.state === 'running' ? now : null })
    .returning({ id: jobProgress.id });
  return row.id;
}

export async function findJob(db: Db | Tx, id: number): Promise<JobProgressRow | null> {
  const [row] = await db.select().from(jobProgress).where(eq(jobProgress.id, id)).limit(1);
  return row ?? null;
}

/** The queued or running job of a kind on a subject (the newest when, unexpectedly, there are several). */
export async function findLiveJob(db: Db | Tx, kind: string, subject: string): Promise<JobProgressRow | null> {
  const [row] = await db
    .select()
    .from(jobProgress)
    .where(and(eq(jobProgress.kind, kind), eq(jobProgress.subject, subject), inArray(jobProgress.state, LIVE_STATES)))
    .orderBy(desc(jobProgress.id))
    .limit(1);
  return row ?? null;
}

/** The newest queued or running job on a video, of any kind or of the given ones. */
export async function findLiveJobOfVideo(
  db: Db | Tx,
  videoId: number,
  kinds?: string[],
): Promise<JobProgressRow | null> {
  const [row] = await db
    .select()
    .from(jobProgress)
    .where(
      and(
        eq(jobProgress.videoId, videoId),
        inArray(jobProgress.state, LIVE_STATES),
        kinds ? inArray(jobProgress.kind, kinds) : undefined,
      ),
    )
    .orderBy(desc(jobProgress.id))
    .limit(1);
  return row ?? null;
}

/** The newest run of a kind on a video, live or finished. */
export async function findNewestJobOfVideo(db: Db | Tx, videoId: number, kind: string): Promise<JobProgressRow | null> {
  const [row] = await db
    .select()
    .from(jobProgress)
    .where(and(eq(jobProgress.videoId, videoId), eq(jobProgress.kind, kind)))
    .orderBy(desc(jobProgress.id))
    .limit(1);
  return row ?? null;
}

export async function setQueueRef(
  db: Db | Tx,
  id: number,
  queueName: string,
  queueJobId: string | null,
): Promise<void> {
  await db.update(jobProgress).set({ queueName, queueJobId }).where(eq(jobProgress.id, id));
}

/** queued → running (a retried run starts again from 0). False when the job was cancelled or finished meanwhile. */
export async function markRunning(db: Db | Tx, id: number, stage: string | null): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(jobProgress)
    .set({ state: 'running', startedAt: now, updatedAt: now, progress: 0, etaS: null, stage })
    .where(and(eq(jobProgress.id, id), inArray(jobProgress.state, LIVE_STATES), isNull(jobProgress.cancelRequestedBy)))
    .returning({ id: jobProgress.id });
  return rows.length > 0;
}

/** running → queued: a run stopped by a server stop waits for its retry. */
export async function markRequeued(db: Db | Tx, id: number, stage: string): Promise<void> {
  await db
    .update(jobProgress)
    .set({ state: 'queued', progress: 0, etaS: null, stage, updatedAt: new Date() })
    .where(and(eq(jobProgress.id, id), eq(jobProgress.state, 'running')));
}

/**
 * Writes a running job's progress (never lower than what is stored) and answers who asked to cancel it
 * (null when nobody did), so one round trip both reports and checks.
 */
export async function writeProgress(
  db: Db | Tx,
  id: number,
  p: { progress: number; stage?: string | null; etaS: number | null },
): Promise<{ cancelRequestedBy: string | null } | null> {
  const [row] = await db
    .update(jobProgress)
    .set({
      progress: sql`greatest(${jobProgress.progress}, ${p.progress})`,
      ...(p.stage !== undefined ? { stage: p.stage } : {}),
      etaS: p.etaS,
      updatedAt: new Date(),
    })
    .where(and(eq(jobProgress.id, id), eq(jobProgress.state, 'running')))
    .returning({ cancelRequestedBy: jobProgress.cancelRequestedBy });
  return row ?? null;
}

/** Keeps a running job's updated_at fresh (its liveness for other processes) and reads the cancel flag. */
export async function touchJob(db: Db | Tx, id: number): Promise<string | null> {
  const [row] = await db
    .update(jobProgress)
    .set({ updatedAt: new Date() })
    .where(eq(jobProgress.id, id))
    .returning({ cancelRequestedBy: jobProgress.cancelRequestedBy });
  return row?.cancelRequestedBy ?? null;
}

export async function readCancelRequest(db: Db | Tx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ by: jobProgress.cancelRequestedBy })
    .from(jobProgress)
    .where(eq(jobProgress.id, id))
    .limit(1);
  return row?.by ?? null;
}

/** Flags a live job for cancelling (the first asker is kept). Null when it is no longer live. */
export async function flagCancel(db: Db | Tx, id: number, by: string): Promise<JobProgressRow | null> {
  const [row] = await db
    .update(jobProgress)
    .set({ cancelRequestedBy: sql`coalesce(${jobProgress.cancelRequestedBy}, ${by})`, updatedAt: new Date() })
    .where(and(eq(jobProgress.id, id), inArray(jobProgress.state, LIVE_STATES)))
    .returning();
  return row ?? null;
}

export interface Finish {
  state: Exclude<JobState, 'queued' | 'running'>;
  result?: Record<string, unknown>;
  link?: string | null;
  message?: string | null;
  onlyFrom?: JobState[];
}

/** Ends a live job (done sets progress 100). False when it had already ended (or was not in `onlyFrom`). */
export async function finishJobRow(db: Db | Tx, id: number, f: Finish): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(jobProgress)
    .set({
      state: f.state,
      finishedAt: now,
      updatedAt: now,
      etaS: null,
      ...(f.state === 'done' ? { progress: 100 } : {}),
      ...(f.result ? { result: sql`${jobProgress.result} || ${JSON.stringify(f.result)}::jsonb` } : {}),
      ...(f.link !== undefined ? { link: f.link } : {}),
      ...(f.message !== undefined ? { message: f.message } : {}),
    })
    .where(and(eq(jobProgress.id, id), inArray(jobProgress.state, f.onlyFrom ?? LIVE_STATES)))
    .returning({ id: jobProgress.id });
  return rows.length > 0;
}

/**
 * Start-up recovery: live jobs whose process is gone end `failed`. `staleBefore` null means every running
 * job is dead (the only process); queued jobs die only when their queue job is gone (`liveQueueIds`).
 */
export async function failDeadJobs(
  db: Db | Tx,
  o: { staleBefore: Date | null; liveQueueIds: string[] },
): Promise<number> {
  const now = new Date();
  const queuedWithoutQueueJob = and(
    eq(jobProgress.state, 'queued'),
    or(
      isNull(jobProgress.queueJobId),
      o.liveQueueIds.length ? notInArray(jobProgress.queueJobId, o.liveQueueIds) : undefined,
    ),
  );
  const deadRunning = and(
    eq(jobProgress.state, 'running'),
    o.staleBefore ? lt(jobProgress.updatedAt, o.staleBefore) : undefined,
  );
  const rows = await db
    .update(jobProgress)
    .set({
      state: 'failed',
      finishedAt: now,
      updatedAt: now,
      etaS: null,
      message: 'interrupted: the server stopped during this job',
    })
    .where(
      or(
        deadRunning,
        o.staleBefore ? and(queuedWithoutQueueJob, lt(jobProgress.updatedAt, o.staleBefore)) : queuedWithoutQueueJob,
      ),
    )
    .returning({ id: jobProgress.id });
  return rows.length;
}

export interface ActivityRow extends JobProgressRow {
  videoFilename: string | null;
}

/**
 * The activity list: every live job and the jobs finished after `finishedSince`, newest first, without
 * the jobs over a source hidden from the viewer's role (a video's source, or the source a scan, purge or
 * import ran over). Counts cover every live job, not only the listed ones.
 */
export async function listActivity(db: Db, o: { finishedSince: Date; limit: number; hiddenRoles: string[] }) {
  const visible = o.hiddenRoles.length ? or(isNull(sources.role), notInArray(sources.role, o.hiddenRoles)) : undefined;
  const shown = or(inArray(jobProgress.state, LIVE_STATES), gt(jobProgress.finishedAt, o.finishedSince));
  const rows = await db
    .select({ job: jobProgress, videoFilename: videos.filename })
    .from(jobProgress)
    .leftJoin(videos, eq(videos.id, jobProgress.videoId))
    .leftJoin(sources, eq(sources.root, sql`coalesce(${videos.sourceRoot}, ${jobProgress.sourceRoot})`))
    .where(and(shown, visible))
    .orderBy(
      sql`case when ${jobProgress.state} = 'running' then 0 when ${jobProgress.state} = 'queued' then 1 else 2 end`,
      desc(jobProgress.id),
    )
    .limit(o.limit);
  const counts = await db
    .select({ state: jobProgress.state, n: sql<number>`count(*)::int` })
    .from(jobProgress)
    .leftJoin(videos, eq(videos.id, jobProgress.videoId))
    .leftJoin(sources, eq(sources.root, sql`coalesce(${videos.sourceRoot}, ${jobProgress.sourceRoot})`))
    .where(and(inArray(jobProgress.state, LIVE_STATES), visible))
    .groupBy(jobProgress.state);
  const count = (s: string) => Number(counts.find((c) => c.state === s)?.n ?? 0);
  return {
    rows: rows.map((r): ActivityRow => ({ ...r.job, videoFilename: r.videoFilename })),
    running: count('running'),
    queued: count('queued'),
  };
}
