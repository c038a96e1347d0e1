// The one "live video or 404" lookup every route that reads or writes a video or its annotations uses.
import type { Db, Tx } from '../db/connect';
import { NotFound } from '../domain-errors';
import { findLiveVideo } from '../repositories/videos';
import type { VideoRow } from './video-dto';

export async function requireLiveVideo(db: Db | Tx, id: number): Promise<VideoRow> {
  const row = await findLiveVideo(db, id);
  if (!row) throw new NotFound(`Video ${id} not found`);
  return row;
}
