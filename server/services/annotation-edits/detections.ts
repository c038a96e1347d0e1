// Box / keypoint corrections of one detection. Upserts: editing an interpolated frame (no stored row)
// stores a new human row. DELETE of a human row is the inverse of such an upsert (undo).
import type { Db } from '../../db/connect';
import { deleteDetectionAt, findDetection, saveDetection, type DetectionRow } from '../../repositories/detections';
import { NotFound, Unprocessable } from '../../domain-errors';
import { keypointsFromFlat } from '../annotation-set';
import { iso } from '../video-dto';
import type { Detection, Identity, Keypoint } from '../../../domain/types';
import { requireTrack, writeAnnotations } from './common';
import { requireLiveVideo } from '../videos';
import { stampTracksEdited } from '../../repositories/track-verifications';

export interface DetectionChange {
  x1?: number; y1?: number; x2?: number; y2?: number;
  keypoints?: Keypoint[];
  /** Box confidence for a new row (defaults to 1: a human drew it). */
  confidence?: number;
}

function flatten(kps: Keypoint[], previous: number[] | null): number[] {
  const flat: number[] = [];
  kps.forEach((k, i) => flat.push(k[0], k[1], k.length > 2 ? (k[2] as number) : (previous?.[i * 3 + 2] ?? 1)));
  return flat;
}

function dto(row: DetectionRow): Detection & { track_id: number; updated_by_id: string | null; updated_at: string | null } {
  return {
    track_id: row.trackId, frame: row.frame,
    bbox: { x1: row.x1, y1: row.y1, x2: row.x2, y2: row.y2, confidence: row.confidence },
    keypoints: keypointsFromFlat(row.keypoints), source: row.source as 'ai' | 'human',
    updated_by_id: row.updatedById, updated_at: iso(row.updatedAt),
  };
}

export async function patchDetection(db: Db, videoId: number, trackId: number, frame: number, c: DetectionChange, who: Identity) {
  return writeAnnotations(db, videoId, async (tx) => {
    const v = await requireLiveVideo(tx, videoId);
    if (v.totalFrames > 0 && frame >= v.totalFrames) throw new Unprocessable(`frame must be below the video's ${v.totalFrames} frames`);
    await requireTrack(tx, videoId, trackId);
    const key = { videoId, trackId, frame };
    const row = await findDetection(tx, key);
    const hasBox = c.x1 !== undefined;
    const box = hasBox ? { x1: c.x1!, y1: c.y1!, x2: c.x2!, y2: c.y2! } : row ? { x1: row.x1, y1: row.y1, x2: row.x2, y2: row.y2 } : null;
    if (!box) throw new Unprocessable(`Track ${trackId} has no detection at frame ${frame}; send the box (x1, y1, x2, y2) to add one`);
    const keypoints = c.keypoints ? flatten(c.keypoints, row?.keypoints ?? null) : (row?.keypoints ?? null);
    const now = new Date();
    const values = { ...box, keypoints, source: 'human', updatedById: who.id, updatedAt: now };
    await stampTracksEdited(tx, videoId, [trackId], who.id);
    return dto(await saveDetection(tx, key, Boolean(row), row ? values : { confidence: c.confidence ?? 1, ...values }));
  });
}

export async function deleteDetection(db: Db, videoId: number, trackId: number, frame: number, who: Identity) {
  return writeAnnotations(db, videoId, async (tx) => {
    await requireLiveVideo(tx, videoId);
    const row = await deleteDetectionAt(tx, { videoId, trackId, frame });
    if (!row) throw new NotFound(`Track ${trackId} has no detection at frame ${frame}`);
    await stampTracksEdited(tx, videoId, [trackId], who.id);
    return dto(row);
  });
}
