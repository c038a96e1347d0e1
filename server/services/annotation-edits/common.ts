// Shared checks of the annotation write calls: a track exists, the transaction type. (The video itself
// is looked up with the one live-video lookup, requireLiveVideo.)
import type { Db, Tx } from '../../db/connect';
import { trackExists } from '../../repositories/detections';
import { NotFound } from '../../domain-errors';
import type { VideoRow } from '../video-dto';

export type DbOrTx = Db | Tx;

export type VideoFacts = Pick<VideoRow, 'id' | 'duration' | 'totalFrames' | 'width' | 'height'>;

export async function requireTrack(db: DbOrTx, videoId: number, trackId: number): Promise<void> {
  if (!(await trackExists(db, videoId, trackId))) throw new NotFound(`Track ${trackId} not found in video ${videoId}`);
}
