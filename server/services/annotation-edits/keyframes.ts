// A new drawn track (POST /annotations/{id}/tracks) and a keyframe written by PUT …/tracks/{trackId}/
// detections/{frame}. A person-drawn track stores only its keyframes; the server fills the frames between
// neighbouring keyframes with interpolated boxes and refills them whenever a keyframe changes, so every
// reader (editor, exports, renders) sees the same boxes. An outside keyframe ends the track at its frame.
import type { Db, Tx } from '../../db/connect';
import { Conflict, PreconditionRequired, Unprocessable } from '../../domain-errors';
import {
  findDetection,
  insertDetectionIfAbsent,
  updateDetectionAtVersion,
  type DetectionRow,
} from '../../repositories/detections';
import { listKeyframes } from '../../repositories/track-rows';
import { refillAround, versionsOf } from './keyframe-fill';
import { bumpTrackVersions, claimTrackId, lockTrackVersions, nextFreeTrackId } from '../../repositories/track-versions';
import { snapshotTracks } from '../../repositories/track-edits';
import { stampTracksEdited } from '../../repositories/track-verifications';
import type { Identity, Keypoint } from '../../../domain/types';
import { requireLiveVideo } from '../videos';
import { aiBoxOf, detectionDto, flatten } from './detections';
import { requireTrack, writeAnnotations } from './common';
import { checkFrame } from './track-versions';

export interface BoxInput {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
/** `keypointVisibility`: 17 × 2 visible, 1 occluded, 0 absent; null clears a stored one, left out keeps it (as PATCH). */
export interface KeyframeInput {
  box: BoxInput | null;
  keypoints?: Keypoint[];
  keypointVisibility?: number[] | null;
  outside?: boolean;
}

export async function createTrack(
  db: Db,
  videoId: number,
  frame: number,
  box: BoxInput,
  joints: Pick<KeyframeInput, 'keypoints' | 'keypointVisibility'>,
  who: Identity,
) {
  return writeAnnotations(db, videoId, async (tx) => {
    const v = await requireLiveVideo(tx, videoId);
    checkFrame(v, frame);
    const track = await claimTrackId(tx, videoId, await nextFreeTrackId(tx, videoId), true, who.id);
    const row = await insertDetectionIfAbsent(
      tx,
      { videoId, trackId: track.trackId, frame },
      {
        ...box,
        confidence: 1,
        keypoints: joints.keypoints ? flatten(joints.keypoints, null) : null,
        keypointVisibility: joints.keypointVisibility ?? null,
        source: 'human',
        updatedById: who.id,
        updatedAt: new Date(),
      },
    );
    if (!row) throw new Conflict(`Track ${track.trackId} already has a box at frame ${frame}`);
    return { track_id: track.trackId, track_version: track.version, detection: detectionDto(row) };
  });
}

const missingVersion = (row: DetectionRow) =>
  `Track ${row.trackId} has a stored box at frame ${row.frame} (version ${row.version}): send the version of that box your change is based on ("version").`;
const stale = (row: DetectionRow) =>
  `This box was changed by ${row.updatedById ?? 'someone else'}${row.updatedAt ? ` at ${row.updatedAt.toISOString()}` : ''} (version ${row.version}). Reload to see the latest version before saving.`;

/**
 * Writes the keyframe of `trackId` at `frame`. `version` is the stored box's (required when one stands
 * there, as PATCH). An outside keyframe takes the previous keyframe's box (it is not drawn); the sent box
 * only when the track has no keyframe before it.
 */
export async function putKeyframe(
  db: Db,
  videoId: number,
  trackId: number,
  frame: number,
  input: KeyframeInput,
  version: number | undefined,
  who: Identity,
) {
  return writeAnnotations(db, videoId, async (tx) => {
    const v = await requireLiveVideo(tx, videoId);
    checkFrame(v, frame);
    const track = (await lockTrackVersions(tx, videoId, [trackId])).get(trackId)!;
    // A drawn track keeps its id when its last box is removed (an undone draw): Redo puts the box back
    // under it, since a new track never reuses an id. Any other track needs a box or an action left.
    if (!track.humanMade) await requireTrack(tx, videoId, trackId);
    const key = { videoId, trackId, frame };
    const row = await findDetection(tx, key);
    if (row && version === undefined) throw new PreconditionRequired(missingVersion(row));
    if (!row && version !== undefined)
      throw new Conflict(
        `The box of track ${trackId} at frame ${frame} no longer exists: someone else removed it. Reload to see the latest version.`,
      );
    if (row && row.version !== version) throw new Conflict(stale(row));
    // an outside keyframe is not drawn: it carries the previous keyframe's box whatever was sent
    const held = input.outside ? await previousKeyframeBox(tx, videoId, trackId, frame) : null;
    const box = held ?? input.box ?? (row ? { x1: row.x1, y1: row.y1, x2: row.x2, y2: row.y2 } : null);
    if (!box)
      throw new Unprocessable(`Track ${trackId} has no keyframe before frame ${frame}; send the box (x1, y1, x2, y2)`);
    const undoToken = track.humanMade
      ? await snapshotTracks(tx, videoId, 'track.keyframe', [trackId], [], who.id)
      : undefined;
    const values = {
      ...box,
      keypoints: input.keypoints ? flatten(input.keypoints, row?.keypoints ?? null) : (row?.keypoints ?? null),
      keypointVisibility:
        input.keypointVisibility !== undefined ? input.keypointVisibility : (row?.keypointVisibility ?? null),
      source: input.outside ? 'outside' : 'human',
      updatedById: who.id,
      updatedAt: new Date(),
      ...(row?.source === 'ai' ? { aiBox: aiBoxOf(row) } : {}),
    };
    const saved = row
      ? await updateDetectionAtVersion(tx, key, row.version, values)
      : await insertDetectionIfAbsent(tx, key, { confidence: 1, ...values });
    if (!saved)
      throw new Conflict(
        `The box of track ${trackId} at frame ${frame} was changed meanwhile. Reload to see the latest version.`,
      );
    const filled = track.humanMade ? await refillAround(tx, videoId, trackId, frame, who.id) : [];
    const versions = await bumpTrackVersions(tx, videoId, [trackId], who.id);
    await stampTracksEdited(tx, videoId, [trackId], who.id);
    return {
      created: !row,
      body: {
        detection: detectionDto(saved),
        track_version: versions[trackId],
        filled_frames: filled.length,
        detection_versions: versionsOf(trackId, filled),
        ...(undoToken ? { undo_token: undoToken } : {}),
      },
    };
  });
}

async function previousKeyframeBox(tx: Tx, videoId: number, trackId: number, frame: number): Promise<BoxInput | null> {
  const before = (await listKeyframes(tx, videoId, trackId)).filter((k) => k.frame < frame);
  const k = before[before.length - 1];
  return k ? { x1: k.x1, y1: k.y1, x2: k.x2, y2: k.y2 } : null;
}
