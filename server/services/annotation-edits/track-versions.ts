// The track version rule of the correction calls: a call that changes a track's boxes names the track
// version it was based on (428 without, 409 naming who changed it and when when stale), checked under a
// row lock so two edits based on one version cannot both pass; every such change bumps the version.
import type { Db, Tx } from '../../db/connect';
import { Conflict, PreconditionRequired, Unprocessable } from '../../domain-errors';
import { lockTrackVersions, type TrackVersionRow } from '../../repositories/track-versions';
import type { VideoRow } from '../video-dto';
import { getVideoSettings } from '../settings';
import type { InterpolationOptions } from '../../../domain/overlay/detection';

export function staleTrackDetail(row: TrackVersionRow): string {
  const by = row.updatedById ?? 'someone else';
  const at = row.updatedAt ? ` at ${row.updatedAt.toISOString()}` : '';
  return `Track ${row.trackId} was changed by ${by}${at} (version ${row.version}). Reload to see the latest version before saving.`;
}

/** Locks the tracks of `sent` (track id → the version the caller based the change on) and checks each. */
export async function checkTrackVersions(
  tx: Tx,
  videoId: number,
  sent: Array<[trackId: number, version: number | undefined]>,
): Promise<Map<number, TrackVersionRow>> {
  const rows = await lockTrackVersions(
    tx,
    videoId,
    sent.map(([id]) => id),
  );
  for (const [id, version] of sent) {
    const row = rows.get(id)!;
    if (version === undefined)
      throw new PreconditionRequired(
        `Track ${id} is at version ${row.version}: send the track version your change is based on ("version").`,
      );
    if (version !== row.version) throw new Conflict(staleTrackDetail(row));
  }
  return rows;
}

/** 422 when `frame` is past the end of the video (a video of unknown length takes any frame). */
export function checkFrame(v: Pick<VideoRow, 'totalFrames'>, frame: number, name = 'frame'): void {
  if (v.totalFrames > 0 && frame >= v.totalFrames)
    throw new Unprocessable(`${name} (${frame}) must be below the video's ${v.totalFrames} frames`);
}

/** The frame rate segment times are cut at (a video without one counts 30 frames a second, as the editor). */
export const fpsOf = (v: Pick<VideoRow, 'fps'>): number => (v.fps && v.fps > 0 ? v.fps : 30);

/** How the video's frames between analysed ones are drawn (its stride, the interpolation setting): the
 *  rule an edit keeps what is drawn by (domain/overlay/detection.ts's trackBoxAt). */
export async function drawOptionsOf(db: Db | Tx, v: Pick<VideoRow, 'frameStride'>): Promise<InterpolationOptions> {
  const settings = await getVideoSettings(db as Db);
  return { stride: Math.max(1, v.frameStride), interpolate: settings.realtime.interpolation };
}
