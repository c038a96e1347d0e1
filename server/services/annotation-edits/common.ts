// Shared pieces of the annotation write calls: a track exists, the transaction type, the versioned write. (The video itself
// is looked up with the one live-video lookup, requireLiveVideo.)
import type { Db, Tx } from '../../db/connect';
import { bumpAnnotationVersion, lockVideoKey } from '../../repositories/annotation-version';
import { trackExists } from '../../repositories/detections';
import { NotFound } from '../../domain-errors';
import type { VideoRow } from '../video-dto';

export type DbOrTx = Db | Tx;

export type VideoFacts = Pick<VideoRow, 'id' | 'duration' | 'totalFrames' | 'width' | 'height'>;

export async function requireTrack(db: DbOrTx, videoId: number, trackId: number): Promise<void> {
  if (!(await trackExists(db, videoId, trackId))) throw new NotFound(`Track ${trackId} not found in video ${videoId}`);
}

/**
 * Runs one annotation write in a transaction that also bumps the video's annotation version, so a cached
 * or revalidated detection window can never outlive the rows the write changed (a failed write bumps nothing).
 */
export function writeAnnotations<T>(db: Db, videoId: number, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // first the video row, key-share locked: an import publishing this video holds it FOR UPDATE, so the
    // write waits for it and then sees its boxes (a stale save is refused, never lost on replaced rows),
    // and an import that comes later waits for this write and sees the version it bumps
    await lockVideoKey(tx, videoId);
    const result = await write(tx);
    await bumpAnnotationVersion(tx, videoId);
    return result;
  });
}
