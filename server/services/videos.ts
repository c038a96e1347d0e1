// The video lookups: "live video or 404" for a service that reads or writes a video or its annotations,
// and "visible video or 404" (live, and not in a source hidden from the viewer) for every caller's request:
// the by-id preHandler (app.ts) through the memoised request facts, a list's neighbours, a job's cancel.
import type { Db, Tx } from '../db/connect';
import { NotFound } from '../domain-errors';
import { findLiveVideo, findVideoAnyStatus } from '../repositories/videos';
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

/**
 * The one "visible video or 404" lookup: the live video (or, with `anyStatus`, the row whatever its status,
 * e.g. a job's video deleted since), and 404 as well when its source is limited to a role above the viewer's.
 */
export async function requireVisibleVideo(
  db: Db,
  id: number,
  viewer: Identity | null,
  o: { anyStatus?: boolean } = {},
): Promise<VideoRow> {
  const row = o.anyStatus ? await findVideoAnyStatus(db, id) : await findLiveVideo(db, id);
  return visibleOr404(id, row, row && (await findSource(db, row.sourceRoot))?.role, viewer);
}

/** requireVisibleVideo through the request-path lookups (memoised on the embedded database). */
export async function requireVisibleVideoFact(
  facts: ReadFacts,
  id: number,
  viewer: Identity | null,
): Promise<VideoRow> {
  const row = await facts.liveVideo(id);
  return visibleOr404(id, row, row && (await facts.source(row.sourceRoot))?.role, viewer);
}

function visibleOr404(
  id: number,
  row: VideoRow | null,
  sourceRole: string | null | undefined,
  viewer: Identity | null,
): VideoRow {
  if (!row || isSourceHidden(sourceRole, viewer)) throw new NotFound(`Video ${id} not found`);
  return row;
}
