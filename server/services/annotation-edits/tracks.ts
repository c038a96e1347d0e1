// Track merge and delete, each in one transaction. Both keep the rows as they were in an undo snapshot
// and answer an undo_token; POST .../tracks/restore {undo_token} puts them back once.
import type { Db } from '../../db/connect';
import { Invalid, NotFound } from '../../domain-errors';
import { deleteTrackRows, mergeTrackRows, restoreSnapshot, snapshotTracks } from '../../repositories/track-edits';
import { segmentDto } from '../annotation-set';
import type { ActionSegment, Identity } from '../../../domain/types';
import { requireTrack, writeAnnotations } from './common';
import { requireLiveVideo } from '../videos';
import { stampTracksEdited } from '../../repositories/track-verifications';
import { bumpTrackVersions } from '../../repositories/track-versions';

export interface MergeResult {
  base_track_id: number;
  merge_track_id: number;
  replaced_frames: number;
  moved_frames: number;
  moved_segments: number;
  /** The moved segments as saved (new versions). */
  segments: ActionSegment[];
  undo_token: number;
  /** The new versions of both tracks. */
  track_versions: Record<string, number>;
}

/** The merge track's frames replace the base track's overlapping frames; its segments move to the base. */
export async function mergeTracks(
  db: Db,
  videoId: number,
  baseId: number,
  mergeId: number,
  who: Identity,
): Promise<MergeResult> {
  if (baseId === mergeId) throw new Invalid('Please choose two different tracks.');
  await requireLiveVideo(db, videoId);
  return writeAnnotations(db, videoId, async (tx) => {
    await requireTrack(tx, videoId, baseId);
    await requireTrack(tx, videoId, mergeId);
    const token = await snapshotTracks(tx, videoId, 'track.merge', [baseId, mergeId], [mergeId], who.id);
    const r = await mergeTrackRows(tx, videoId, baseId, mergeId, who.id);
    await stampTracksEdited(tx, videoId, [baseId], who.id);
    const versions = await bumpTrackVersions(tx, videoId, [baseId, mergeId], who.id);
    return {
      base_track_id: baseId,
      merge_track_id: mergeId,
      replaced_frames: r.replaced,
      moved_frames: r.moved,
      moved_segments: r.segments.length,
      segments: r.segments.map(segmentDto),
      undo_token: token,
      track_versions: { [String(baseId)]: versions[baseId], [String(mergeId)]: versions[mergeId] },
    };
  });
}

export interface DeleteTrackResult {
  track_id: number;
  deleted_detections: number;
  deleted_segments: number;
  undo_token: number;
  track_version: number;
}

export async function deleteTrack(db: Db, videoId: number, trackId: number, who: Identity): Promise<DeleteTrackResult> {
  await requireLiveVideo(db, videoId);
  return writeAnnotations(db, videoId, async (tx) => {
    await requireTrack(tx, videoId, trackId);
    const token = await snapshotTracks(tx, videoId, 'track.delete', [trackId], [trackId], who.id);
    const r = await deleteTrackRows(tx, videoId, trackId);
    const versions = await bumpTrackVersions(tx, videoId, [trackId], who.id);
    return {
      track_id: trackId,
      deleted_detections: r.detections,
      deleted_segments: r.segments,
      undo_token: token,
      track_version: versions[trackId],
    };
  });
}

export interface RestoreResult {
  kind: string;
  track_ids: number[];
  restored_detections: number;
  segments: ActionSegment[];
  /** Restored boxes whose version is above the one they had before the edit (a merged box stood there). */
  detection_versions: Array<{ track_id: number; frame: number; version: number }>;
  /** The new version of every track the restore touched (above the versions before the undo). */
  track_versions: Record<string, number>;
}

/** Puts the tracks of an undo snapshot back exactly as they were (one use per token). */
export async function restoreTracks(db: Db, videoId: number, token: number, who: Identity): Promise<RestoreResult> {
  await requireLiveVideo(db, videoId);
  return writeAnnotations(db, videoId, async (tx) => {
    const r = await restoreSnapshot(tx, videoId, token);
    if (!r) throw new NotFound(`Undo token ${token} is unknown for video ${videoId} or was already used`);
    const versions = await bumpTrackVersions(tx, videoId, r.trackIds, who.id);
    await stampTracksEdited(tx, videoId, r.trackIds, who.id);
    return {
      track_versions: Object.fromEntries(Object.entries(versions).map(([k, v]) => [k, v])),
      kind: r.kind,
      track_ids: r.trackIds,
      restored_detections: r.restoredDetections,
      segments: r.segments.map(segmentDto),
      detection_versions: r.raised.map((d) => ({ track_id: d.trackId, frame: d.frame, version: d.version })),
    };
  });
}
