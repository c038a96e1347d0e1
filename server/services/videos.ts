// The one "live video or 404" lookup every route that reads or writes a video or its annotations uses.
import type { Db, Tx } from '../db/connect';
import { NotFound } from '../domain-errors';
import { findLiveVideo } from '../repositories/videos';
import type { VideoRow } from './video-dto';
import { findSource } from '../repositories/sources';
import { isSourceHidden } from './source-visibility';
import type { Identity } from '../../domain/types';
import type { ReadFacts } from './read-facts';

export async function requireLiveVideo(db: Db | Tx, id: number): Promise<VideoRow> {
  const row = await findLiveVideo(db, id);
  if (!row) throw new NotFound(`Video ${id} not found`);
  return row;
}

/** The live video, and 404 as well when its source is limited to a role above the viewer's. */
export async function requireVisibleVideo(db: Db, id: number, viewer: Identity | null): Promise<VideoRow> {
  const row = await requireLiveVideo(db, id);
  const src = await findSource(db, row.sourceRoot);
  if (isSourceHidden(src?.role, viewer)) throw new NotFound(`Video ${id} not found`);
  return row;
}

/** requireVisibleVideo through the request-path lookups (memoised on the embedded database). */
export async function requireVisibleVideoFact(
  facts: ReadFacts,
  id: number,
  viewer: Identity | null,
): Promise<VideoRow> {
  const row = await facts.liveVideo(id);
  if (!row) throw new NotFound(`Video ${id} not found`);
  const src = await facts.source(row.sourceRoot);
  if (isSourceHidden(src?.role, viewer)) throw new NotFound(`Video ${id} not found`);
  return row;
}
