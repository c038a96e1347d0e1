// The library's list and its Prev/Next for one viewer: the filters the client sent, with the videos of
// sources limited to a role above the viewer's left out (set here from the viewer, never by the client).
import type { Db, SqlRunner } from '../db/connect';
import { listVideosJson, neighborIds, type VideoFilter, type VideoPage } from '../repositories/video-list';
import { hiddenSourceRoles } from './source-visibility';
import { requireVisibleVideo } from './videos';
import type { Identity } from '../../domain/types';
import type { VideoNeighbors } from '../../domain/contract/videos';

type ClientFilter = Omit<VideoFilter, 'hidden_source_roles'>;

/** One page of the list as JSON text, built by the database (see listVideosJson). */
export function listVisibleVideosJson(
  sql: SqlRunner,
  filter: ClientFilter,
  page: VideoPage,
  viewer: Identity | null,
): Promise<string> {
  return listVideosJson(sql, { ...filter, hidden_source_roles: hiddenSourceRoles(viewer) }, page);
}

/** The videos before and after a visible one in the list the same filters give. */
export async function visibleNeighbors(
  database: { db: Db; sql: SqlRunner },
  id: number,
  filter: ClientFilter,
  viewer: Identity | null,
): Promise<VideoNeighbors> {
  await requireVisibleVideo(database.db, id, viewer);
  return neighborIds(database.sql, id, { ...filter, hidden_source_roles: hiddenSourceRoles(viewer) });
}
