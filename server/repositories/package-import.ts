// SQL of the annotation package import: the import_jobs rows, finding the target video of a package
// entry, and the one transaction that puts a video's imported annotations, status and history in place.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import {
  actionSegments,
  annotationUndo,
  detections,
  importJobs,
  processingLog,
  relationships,
  statusHistory,
  videos,
} from '../db/schema';
import type { VideoRow } from './videos';

export type ImportJobRow = typeof importJobs.$inferSelect;

export async function insertImportJob(db: Db, values: typeof importJobs.$inferInsert): Promise<ImportJobRow> {
  const [row] = await db.insert(importJobs).values(values).returning();
  return row;
}

export async function updateImportJob(
  db: Db | Tx,
  id: number,
  values: Partial<typeof importJobs.$inferInsert>,
): Promise<void> {
  await db.update(importJobs).set(values).where(eq(importJobs.id, id));
}

/** queued → running, taken by exactly one worker: false when the job is not queued (a retry of an interrupted or finished run). */
export async function claimImportJob(db: Db | Tx, id: number): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ status: 'running' })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'queued')))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** Writes a running (or `from`) job; false when it is no longer so (e.g. start-up recovery of another process ended it). */
export async function updateRunningImportJob(
  db: Db | Tx,
  id: number,
  values: Partial<typeof importJobs.$inferInsert>,
  from: string[] = ['running'],
): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set(values)
    .where(and(eq(importJobs.id, id), inArray(importJobs.status, from)))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** A running job's progress and one more video's outcome, appended in the database (the list is not sent each time). */
export async function recordImportVideo(
  db: Db | Tx,
  id: number,
  progress: Record<string, number>,
  result: object,
): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ progress, videoResults: sql`${importJobs.videoResults} || ${JSON.stringify([result])}::jsonb` })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running')))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** Jobs that have not ended (queued or running), oldest first. */
export function listLiveImportJobs(db: Db): Promise<ImportJobRow[]> {
  return db
    .select()
    .from(importJobs)
    .where(inArray(importJobs.status, ['queued', 'running']))
    .orderBy(importJobs.id);
}

/** The video's annotation version, its row locked until the transaction ends, so no edit lands between the check and the write. */
export async function lockAnnotationVersion(tx: Tx, videoId: number): Promise<number | null> {
  const [row] = await tx
    .select({ v: videos.annotationVersion })
    .from(videos)
    .where(eq(videos.id, videoId))
    .for('update');
  return row?.v ?? null;
}

export async function findImportJob(db: Db, id: number): Promise<ImportJobRow | null> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id)).limit(1);
  return row ?? null;
}

/** The live video stored at an absolute path. */
export async function findLiveVideoByPath(db: Db | Tx, p: string): Promise<VideoRow | null> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.path, p), ne(videos.processingStatus, 'deleted')))
    .limit(1);
  return row ?? null;
}

/** True when the video has any detection, action segment or relationship. */
export async function hasAnnotations(db: Db | Tx, videoId: number): Promise<boolean> {
  const r = await db.execute(sql`select exists(select 1 from ${detections} where ${detections.videoId} = ${videoId})
    or exists(select 1 from ${actionSegments} where ${actionSegments.videoId} = ${videoId})
    or exists(select 1 from ${relationships} where ${relationships.videoId} = ${videoId}) as any`);
  return Boolean((r as unknown as { rows: Array<{ any: boolean }> }).rows[0]?.any);
}

/**
 * Removes a video's segments, relationships and the undo snapshots that refer to its annotations before an
 * overwrite. Its detections are not deleted here: the overwrite's rows are a new generation that replaces
 * them as it is published (insert-columns.ts).
 */
export async function clearAnnotations(tx: Tx, videoId: number): Promise<void> {
  await tx.delete(actionSegments).where(eq(actionSegments.videoId, videoId));
  await tx.delete(relationships).where(eq(relationships.videoId, videoId));
  await tx.delete(annotationUndo).where(eq(annotationUndo.videoId, videoId));
}

export async function insertImportedRows(
  tx: Tx,
  videoId: number,
  rows: {
    segments: Array<Omit<typeof actionSegments.$inferInsert, 'videoId'>>;
    relationships: Array<Omit<typeof relationships.$inferInsert, 'videoId'>>;
    history: Array<Omit<typeof statusHistory.$inferInsert, 'videoId'>>;
  },
): Promise<void> {
  for (let i = 0; i < rows.segments.length; i += 1000)
    await tx.insert(actionSegments).values(rows.segments.slice(i, i + 1000).map((s) => ({ ...s, videoId })));
  for (let i = 0; i < rows.relationships.length; i += 1000)
    await tx.insert(relationships).values(rows.relationships.slice(i, i + 1000).map((r) => ({ ...r, videoId })));
  // history already present (same moment and change) is not repeated: importing twice adds nothing
  const existing = await tx
    .select({ at: statusHistory.changedAt, from: statusHistory.oldStatus, to: statusHistory.newStatus })
    .from(statusHistory)
    .where(eq(statusHistory.videoId, videoId));
  const key = (at: Date | null | undefined, from: string | null | undefined, to: string) =>
    `${at?.getTime()}|${from ?? ''}|${to}`;
  const seen = new Set(existing.map((h) => key(h.at, h.from, h.to)));
  const fresh = rows.history.filter((h) => !seen.has(key(h.changedAt, h.oldStatus, h.newStatus)));
  for (let i = 0; i < fresh.length; i += 1000)
    await tx.insert(statusHistory).values(fresh.slice(i, i + 1000).map((h) => ({ ...h, videoId })));
}

export async function setImportedStatus(
  tx: Tx,
  videoId: number,
  values: Pick<
    typeof videos.$inferInsert,
    'processingStatus' | 'previousStatus' | 'aiProcessedAt' | 'lastStatusById' | 'lastStatusChangedAt' | 'frameStride'
  >,
): Promise<void> {
  await tx
    .update(videos)
    .set({ ...values, statusUpdatedAt: new Date() })
    .where(eq(videos.id, videoId));
}

export async function appendImportLog(tx: Tx, videoId: number, line: string): Promise<void> {
  await tx.insert(processingLog).values({ videoId, line });
}
