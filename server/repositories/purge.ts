// SQL of purging: the videos marked deleted, and removing their rows for good (annotations, history and
// logs go with them by cascade).
import { and, asc, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sources, videos } from '../db/schema';

/** The videos marked deleted (of one source, or all), leaving out those of sources limited to `hiddenRoles`. */
export const listDeletedVideos = (
  db: Db,
  sourceRoot: string | undefined,
  limit: number | undefined,
  hiddenRoles: string[],
) => {
  const q = db
    .select({
      id: videos.id,
      path: videos.path,
      sourceRoot: videos.sourceRoot,
      deletedReason: videos.deletedReason,
      fileDev: videos.fileDev,
      fileIno: videos.fileIno,
      sizeBytes: videos.sizeBytes,
      mtime: videos.mtime,
      sourceRole: sources.role,
    })
    .from(videos)
    .leftJoin(sources, eq(sources.root, videos.sourceRoot))
    .where(
      and(
        eq(videos.processingStatus, 'deleted'),
        sourceRoot ? eq(videos.sourceRoot, sourceRoot) : undefined,
        hiddenRoles.length ? or(isNull(sources.role), notInArray(sources.role, hiddenRoles)) : undefined,
      ),
    )
    .orderBy(asc(videos.id));
  return limit ? q.limit(limit) : q;
};

/** Deletes the rows that are still marked deleted (a re-ingest may have restored one meanwhile). */
export async function deleteDeletedVideos(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const gone = await db
    .delete(videos)
    .where(and(inArray(videos.id, ids), eq(videos.processingStatus, 'deleted')))
    .returning({ id: videos.id });
  return gone.length;
}
