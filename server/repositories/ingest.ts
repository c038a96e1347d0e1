// SQL of ingestion: the ingest_jobs bookkeeping rows and the video rows a scan adds, updates, restores
// or marks deleted.
import { and, desc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { ingestJobs, sources, statusHistory, videos } from '../db/schema';

export type IngestJobStatus = 'running' | 'success' | 'failed';
/** The file facts (with the file's identity) and probed metadata a scan writes onto a video row. */
export type ScannedVideo = Pick<
  typeof videos.$inferInsert,
  'filename' | 'path' | 'relPath' | 'sourceRoot' | 'sizeBytes' | 'mtime' | 'fileDev' | 'fileIno'
> &
  Partial<
    Pick<
      typeof videos.$inferInsert,
      'duration' | 'width' | 'height' | 'fps' | 'fpsNum' | 'fpsDen' | 'totalFrames' | 'codec'
    >
  >;

/**
 * The job's row. `sourceRole` limits it as its source is limited; left out, it is the role of the source
 * whose root the summary names (a scan or re-ingest).
 */
export async function startIngestJob(
  db: Db,
  jobType: string,
  initiatedBy: string | null,
  summary: Record<string, unknown>,
  sourceRole?: string | null,
): Promise<number> {
  const role =
    sourceRole !== undefined
      ? sourceRole
      : typeof summary.root === 'string'
        ? sql`(select ${sources.role} from ${sources} where ${sources.root} = ${summary.root})`
        : null;
  const [job] = await db
    .insert(ingestJobs)
    .values({ jobType, initiatedBy, summary, sourceRole: role })
    .returning({ id: ingestJobs.id });
  return job.id;
}

export async function finishIngestJob(
  db: Db,
  id: number,
  status: Exclude<IngestJobStatus, 'running'>,
  summary: object,
  errors: string[],
): Promise<void> {
  await db.update(ingestJobs).set({ status, finishedAt: new Date(), summary, errors }).where(eq(ingestJobs.id, id));
}

/** Marks ingest jobs left `running` by a crashed process as failed. */
export async function failRunningIngestJobs(db: Db): Promise<void> {
  await db
    .update(ingestJobs)
    .set({
      status: 'failed',
      finishedAt: new Date(),
      errors: sql`${ingestJobs.errors} || '["interrupted: the server stopped during this job"]'::jsonb`,
    })
    .where(eq(ingestJobs.status, 'running'));
}

/** Every video row of a source root (deleted ones too: a file that comes back is restored). */
export const listVideosOfRoot = (db: Db, root: string) =>
  db
    .select({
      id: videos.id,
      path: videos.path,
      sizeBytes: videos.sizeBytes,
      mtime: videos.mtime,
      status: videos.processingStatus,
      prev: videos.previousStatus,
      deletedReason: videos.deletedReason,
      fileDev: videos.fileDev,
      fileIno: videos.fileIno,
    })
    .from(videos)
    .where(eq(videos.sourceRoot, root));

/** Adds a probed video row, `pending`. */
export async function insertScannedVideo(db: Db, values: ScannedVideo): Promise<void> {
  await db.insert(videos).values({ ...values, processingStatus: 'pending' });
}

/** Records the identity of an unchanged file on a row stored before identities were recorded. */
export async function recordFileIdentity(db: Db, id: number, f: { fileDev: string; fileIno: string }): Promise<void> {
  await db.update(videos).set({ fileDev: f.fileDev, fileIno: f.fileIno }).where(eq(videos.id, id));
}

export async function updateScannedVideo(db: Db, id: number, values: ScannedVideo): Promise<void> {
  await db.update(videos).set(values).where(eq(videos.id, id));
}

/** A deleted video whose file came back returns to status `back`, with a history row. */
export async function restoreScannedVideo(
  db: Db,
  id: number,
  values: ScannedVideo,
  back: string,
  by: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(videos)
      .set({
        ...values,
        processingStatus: back,
        previousStatus: 'deleted',
        deletedReason: null,
        statusUpdatedAt: new Date(),
      })
      .where(eq(videos.id, id));
    await tx.insert(statusHistory).values({
      videoId: id,
      oldStatus: 'deleted',
      newStatus: back,
      remark: 'file found again by re-ingest',
      changedById: by,
    });
  });
}

/** Marks videos whose files are missing as deleted (reason `missing`: purge keeps their files), each with a history row. */
export async function markMissingDeleted(
  db: Db,
  rows: Array<{ id: number; status: string }>,
  by: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(statusHistory).values(
      rows.map((r) => ({
        videoId: r.id,
        oldStatus: r.status,
        newStatus: 'deleted',
        remark: 'file missing at re-ingest',
        changedById: by,
      })),
    );
    await tx
      .update(videos)
      .set({
        previousStatus: sql`${videos.processingStatus}`,
        processingStatus: 'deleted',
        deletedReason: 'missing',
        statusUpdatedAt: new Date(),
      })
      .where(
        and(
          inArray(
            videos.id,
            rows.map((r) => r.id),
          ),
          ne(videos.processingStatus, 'deleted'),
        ),
      );
  });
}

/** Progress of a running job, written over its summary. */
export async function updateIngestJobSummary(db: Db, id: number, summary: object): Promise<void> {
  await db.update(ingestJobs).set({ summary }).where(eq(ingestJobs.id, id));
}

/**
 * The newest jobs first, optionally of one type and one status, leaving out those limited to a role in
 * `hiddenRoles`: by the role stored with the job, or by its source's role now (either hides it).
 */
export const listIngestJobs = (
  db: Db,
  f: { limit: number; jobType?: string; status?: string; hiddenRoles: string[] },
) => {
  const sourceNow = sql`(select ${sources.role} from ${sources} where ${sources.root} = coalesce(${ingestJobs.summary}->>'root', ${ingestJobs.summary}->>'source_root'))`;
  const visible = f.hiddenRoles.length
    ? and(
        or(isNull(ingestJobs.sourceRole), notInArray(ingestJobs.sourceRole, f.hiddenRoles)),
        sql`coalesce(${sourceNow}, '') not in ${f.hiddenRoles}`,
      )
    : undefined;
  return db
    .select()
    .from(ingestJobs)
    .where(
      and(
        f.jobType ? eq(ingestJobs.jobType, f.jobType) : undefined,
        f.status ? eq(ingestJobs.status, f.status) : undefined,
        visible,
      ),
    )
    .orderBy(desc(ingestJobs.startedAt), desc(ingestJobs.id))
    .limit(f.limit);
};

/** True while a scan or re-ingest of this root is running (its rows may still be written). */
export async function isIngestRunning(db: Db, root: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ingestJobs.id })
    .from(ingestJobs)
    .where(and(eq(ingestJobs.status, 'running'), sql`${ingestJobs.summary}->>'root' = ${root}`))
    .limit(1);
  return !!row;
}
