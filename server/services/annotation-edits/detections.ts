// Box / keypoint corrections of one detection. Upserts: editing an interpolated frame (no stored row)
// stores a new human row (no version needed). A change or DELETE of a stored row names the version it was
// based on, checked in the same statement as the write (optimistic concurrency, as action segments).
// DELETE of a human row is the inverse of such an upsert (undo).
import type { Db, Tx } from '../../db/connect';
import {
  deleteDetectionAtVersion,
  findDetection,
  insertDetectionIfAbsent,
  updateDetectionAtVersion,
  type DetectionKey,
  type DetectionRow,
} from '../../repositories/detections';
import { Conflict, NotFound, PreconditionRequired, Unprocessable } from '../../domain-errors';
import { keypointsFromFlat, sourceOf } from '../annotation-set';
import { iso } from '../video-dto';
import type { Detection, Identity, Keypoint } from '../../../domain/types';
import { requireTrack, writeAnnotations } from './common';
import { requireLiveVideo } from '../videos';
import { stampTracksEdited } from '../../repositories/track-verifications';
import { bumpTrackVersions, lockTrackVersions } from '../../repositories/track-versions';
import { refillAround, versionsOf } from './keyframe-fill';

export interface DetectionChange {
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
  keypoints?: Keypoint[];
  /** 17 × 2 visible, 1 occluded, 0 absent; null clears a stored one; absent keeps what is stored. */
  keypointVisibility?: number[] | null;
  /** Box confidence for a new row (defaults to 1: a human drew it). */
  confidence?: number;
  /** Where the box comes from when it is given back (an undo); left out: a person's change. */
  source?: 'ai' | 'interpolated';
}

/** The AI's box and joints a row keeps (aiBoxOf's layout), as row values. */
function fromAiBox(a: number[]) {
  return { x1: a[0], y1: a[1], x2: a[2], y2: a[3], keypoints: a.length > 4 ? a.slice(4) : null };
}

/** The AI's box and joints as one array (x1, y1, x2, y2, then the keypoints), kept when a person first edits it. */
export function aiBoxOf(row: Pick<DetectionRow, 'x1' | 'y1' | 'x2' | 'y2' | 'keypoints'>): number[] {
  return [row.x1, row.y1, row.x2, row.y2, ...(row.keypoints ?? [])];
}

export function flatten(kps: Keypoint[], previous: number[] | null): number[] {
  const flat: number[] = [];
  kps.forEach((k, i) => flat.push(k[0], k[1], k.length > 2 ? (k[2] as number) : (previous?.[i * 3 + 2] ?? 1)));
  return flat;
}

export function detectionDto(row: DetectionRow): Detection & {
  track_id: number;
  version: number;
  keypoint_visibility: number[] | null;
  updated_by_id: string | null;
  updated_at: string | null;
} {
  return {
    track_id: row.trackId,
    frame: row.frame,
    bbox: { x1: row.x1, y1: row.y1, x2: row.x2, y2: row.y2, confidence: row.confidence },
    keypoints: keypointsFromFlat(row.keypoints),
    keypoint_visibility: row.keypointVisibility,
    ...sourceOf(row.source),
    version: row.version,
    updated_by_id: row.updatedById,
    updated_at: iso(row.updatedAt),
  };
}

function staleDetail(row: DetectionRow): string {
  const by = row.updatedById ?? 'someone else';
  const at = row.updatedAt ? ` at ${row.updatedAt.toISOString()}` : '';
  return `This box was changed by ${by}${at} (version ${row.version}). Reload to see the latest version before saving.`;
}

const goneDetail = (trackId: number, frame: number) =>
  `The box of track ${trackId} at frame ${frame} no longer exists: someone else removed it. Reload to see the latest version.`;

function missingVersionDetail(row: DetectionRow): string {
  return (
    `Track ${row.trackId} has a stored box at frame ${row.frame} (version ${row.version}): send the version your change is based on` +
    ' (PATCH body "version", DELETE ?version=).'
  );
}

/**
 * Why a versioned write matched no row: the row changed (409 naming who and when), or it is gone. Read
 * after the failed statement, so it sees the save that won.
 */
async function conflictAfter(tx: Tx, key: DetectionKey): Promise<Conflict> {
  const now = await findDetection(tx, key);
  return new Conflict(now ? staleDetail(now) : goneDetail(key.trackId, key.frame));
}

/**
 * `version` is the version the change was based on: required for a stored row (428 without, 409 when it
 * is no longer the stored one), absent for a new row on an empty (interpolated) frame.
 */
export async function patchDetection(
  db: Db,
  videoId: number,
  trackId: number,
  frame: number,
  c: DetectionChange,
  version: number | undefined,
  who: Identity,
) {
  return writeAnnotations(db, videoId, async (tx) => {
    const v = await requireLiveVideo(tx, videoId);
    if (v.totalFrames > 0 && frame >= v.totalFrames)
      throw new Unprocessable(`frame must be below the video's ${v.totalFrames} frames`);
    await requireTrack(tx, videoId, trackId);
    // the track's version row first: a range edit of this track waits for this save, or this save for it
    const versions = await bumpTrackVersions(tx, videoId, [trackId], who.id);
    const key = { videoId, trackId, frame };
    const row = await findDetection(tx, key);
    if (row && version === undefined) throw new PreconditionRequired(missingVersionDetail(row));
    if (!row && version !== undefined) throw new Conflict(goneDetail(trackId, frame));
    if (row && row.version !== version) throw new Conflict(staleDetail(row));
    const hasBox = c.x1 !== undefined;
    const box = hasBox
      ? { x1: c.x1!, y1: c.y1!, x2: c.x2!, y2: c.y2! }
      : row
        ? { x1: row.x1, y1: row.y1, x2: row.x2, y2: row.y2 }
        : null;
    if (!box)
      throw new Unprocessable(
        `Track ${trackId} has no detection at frame ${frame}; send the box (x1, y1, x2, y2) to add one`,
      );
    const keypoints = c.keypoints ? flatten(c.keypoints, row?.keypoints ?? null) : (row?.keypoints ?? null);
    const keypointVisibility =
      c.keypointVisibility !== undefined ? c.keypointVisibility : (row?.keypointVisibility ?? null);
    const values = {
      ...box,
      keypoints,
      keypointVisibility,
      source: c.source ?? 'human',
      updatedById: who.id,
      updatedAt: new Date(),
      ...(row?.source === 'ai' ? { aiBox: aiBoxOf(row) } : {}),
      ...(c.source ? givenBack(c.source, row, trackId, frame) : {}),
    };
    const saved = row
      ? await updateDetectionAtVersion(tx, key, row.version, values)
      : await insertDetectionIfAbsent(tx, key, { confidence: c.confidence ?? 1, ...values });
    if (!saved) throw await conflictAfter(tx, key);
    await stampTracksEdited(tx, videoId, [trackId], who.id);
    return { ...detectionDto(saved), track_version: versions[trackId] };
  });
}

/**
 * The values of a box given back where it came from: the AI's own box and joints the row kept when a person
 * first changed it (none stored: the sent box is the AI's, an undone delete), or the sent box as derived.
 */
function givenBack(source: 'ai' | 'interpolated', row: DetectionRow | null, trackId: number, frame: number) {
  if (source === 'interpolated') return {};
  if (!row || row.source === 'ai') return { keypointVisibility: null, aiBox: null };
  if (!row.aiBox)
    throw new Unprocessable(
      `The box of track ${trackId} at frame ${frame} has no AI box to give back (a person made it)`,
    );
  return { ...fromAiBox(row.aiBox), keypointVisibility: null, aiBox: null };
}

export async function deleteDetection(
  db: Db,
  videoId: number,
  trackId: number,
  frame: number,
  version: number | undefined,
  who: Identity,
) {
  return writeAnnotations(db, videoId, async (tx) => {
    await requireLiveVideo(tx, videoId);
    const key = { videoId, trackId, frame };
    const row = await findDetection(tx, key);
    if (!row) throw new NotFound(`Track ${trackId} has no detection at frame ${frame}`);
    if (version === undefined) throw new PreconditionRequired(missingVersionDetail(row));
    if (row.version !== version) throw new Conflict(staleDetail(row));
    const humanMade = (await lockTrackVersions(tx, videoId, [trackId])).get(trackId)!.humanMade;
    const deleted = await deleteDetectionAtVersion(tx, key, version);
    if (!deleted) throw await conflictAfter(tx, key);
    // a drawn track's removed keyframe: the frames around it are refilled from the keyframes left
    const filled =
      humanMade && deleted.source !== 'interpolated' ? await refillAround(tx, videoId, trackId, frame, who.id) : [];
    const versions = await bumpTrackVersions(tx, videoId, [trackId], who.id);
    await stampTracksEdited(tx, videoId, [trackId], who.id);
    return {
      detection: { ...detectionDto(deleted), track_version: versions[trackId] },
      detection_versions: versionsOf(trackId, filled),
    };
  });
}
