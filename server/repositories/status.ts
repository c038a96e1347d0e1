// SQL of video status: the change itself (video row + history row in one transaction), the history and
// the processing log.
import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { processingLog, statusHistory, videos } from '../db/schema';
import type { VideoStatus } from '../../domain/constants';

export interface StatusChange {
  videoId: number;
  to: VideoStatus;
  by: string | null;
  remark?: string | null;
  /** Only change when the current status is one of these (guards races); otherwise returns null. */
  from?: readonly VideoStatus[];
  /** Extra columns to set in the same update (e.g. aiProcessedAt). */
  extra?: Partial<typeof videos.$inferInsert>;
}

export interface StatusChanged {
  status: VideoStatus;
  previous_status: VideoStatus | null;
}

/** Changes a video's status inside `tx` (or a new transaction). Null when the video is missing or `from` did not match. */
export async function changeStatus(db: Db | Tx, c: StatusChange): Promise<StatusChanged | null> {
  const run = async (tx: Tx | Db) => {
    const [row] = await tx
      .select({ status: videos.processingStatus })
      .from(videos)
      .where(eq(videos.id, c.videoId))
      .for('update')
      .limit(1);
    if (!row) return null;
    const old = row.status as VideoStatus;
    if (c.from && !c.from.includes(old)) return null;
    const now = new Date();
    await tx
      .update(videos)
      .set({
        processingStatus: c.to,
        previousStatus: old,
        statusUpdatedAt: now,
        lastStatusById: c.by,
        lastStatusChangedAt: now,
        ...c.extra,
      })
      .where(eq(videos.id, c.videoId));
    await tx.insert(statusHistory).values({
      videoId: c.videoId,
      oldStatus: old,
      newStatus: c.to,
      remark: c.remark ?? null,
      changedById: c.by,
      changedAt: now,
    });
    return { status: c.to, previous_status: old };
  };
  return 'rollback' in db ? run(db) : (db as Db).transaction(run);
}

/** A video's status history, newest first. */
export const listStatusHistory = (db: Db, videoId: number) =>
  db
    .select()
    .from(statusHistory)
    .where(eq(statusHistory.videoId, videoId))
    .orderBy(desc(statusHistory.changedAt), desc(statusHistory.id));

/** A video's processing log lines in the order they were written. */
export const listProcessingLog = (db: Db, videoId: number) =>
  db
    .select({ at: processingLog.at, line: processingLog.line })
    .from(processingLog)
    .where(eq(processingLog.videoId, videoId))
    .orderBy(asc(processingLog.id));

/** Appends lines to a video's processing log. */
export async function appendProcessingLog(db: Db | Tx, videoId: number, lines: string | string[]): Promise<void> {
  const list = Array.isArray(lines) ? lines : [lines];
  if (list.length) await db.insert(processingLog).values(list.map((line) => ({ videoId, line })));
}
