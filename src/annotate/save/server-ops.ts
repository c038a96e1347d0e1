// What the server must do for each edit, and for its undo. History entries carry these ops; the save
// queue runs them in order. Undo of a saved edit saves its inverse.
import type { ActionSegment, SegmentFieldName, SegmentFields } from '../../../domain/types';
import type { CompactDetection, EditorDoc } from '../document/types';
import { frameAt } from '../document/frame-blocks';
import type { DetectionBody } from '../../api/annotation-edits';

/** An undo token the server hands out for a merge/delete; shared by an entry's forward and inverse ops. */
export interface TokenRef {
  value: number | null;
}

export type ServerOp =
  | { kind: 'detection.put'; videoId: number; trackId: number; frame: number; det: CompactDetection }
  // version: the removed box's, as read (the document no longer holds it when the delete saves)
  | { kind: 'detection.delete'; videoId: number; trackId: number; frame: number; version?: number }
  | { kind: 'segment.patch'; videoId: number; id: number; fields: SegmentFields }
  | { kind: 'segment.create'; videoId: number; segment: ActionSegment; purpose: 'add' | 'duplicate' | 'restore' }
  // version: the one the document held when the delete was made (it may be gone from the document when the op runs)
  | { kind: 'segment.delete'; videoId: number; id: number; version?: number }
  | { kind: 'track.merge'; videoId: number; baseTrackId: number; mergeTrackId: number; token: TokenRef }
  | { kind: 'track.delete'; videoId: number; trackId: number; token: TokenRef }
  | { kind: 'track.restore'; videoId: number; token: TokenRef }
  // the correction tools: a drawn track, a keyframe (PUT), and the range calls with an undo token
  // trackId: the id the editor shows the new track under (the server's next free id, as the editor counts)
  // made: the id the server gave the track (ids are never handed out twice): running the op again (Redo
  // of an undone draw) puts the box back under that id instead of creating yet another track
  | { kind: 'track.create'; videoId: number; trackId: number; frame: number; det: CompactDetection; made: TokenRef }
  | { kind: 'detection.keyframe'; videoId: number; trackId: number; frame: number; det: CompactDetection }
  | { kind: 'track.range'; videoId: number; trackId: number; call: RangeCall; token: TokenRef };

/** What a range op does to its track (the server call it becomes: src/api/track-corrections.ts). */
export type RangeCall =
  | { kind: 'delete'; from: number; to: number }
  | { kind: 'split'; frame: number }
  | { kind: 'swap'; otherTrackId: number; from: number }
  | { kind: 'move'; from: number; to: number; targetTrackId: number | null }
  | { kind: 'interpolate'; from: number; to: number }
  | { kind: 'propagate'; from: number; to?: number };

/** The tracks a range op changes (it sends each one's version). */
export function rangeTracks(op: Extract<ServerOp, { kind: 'track.range' }>): number[] {
  const c = op.call;
  if (c.kind === 'swap') return [op.trackId, c.otherTrackId];
  if (c.kind === 'move' && c.targetTrackId !== null) return [op.trackId, c.targetTrackId];
  return [op.trackId];
}

export const isDetectionOp = (op: ServerOp) =>
  op.kind === 'detection.put' || op.kind === 'detection.delete' || op.kind === 'detection.keyframe';

/** Names one detection: its video, track and frame. */
export const detectionKeyOf = (d: { videoId: number; trackId: number; frame: number }) =>
  `${d.videoId}/${d.trackId}/${d.frame}`;

/** Detection ops of the same frame replace each other while waiting (the latest value wins). */
export function detectionKey(op: ServerOp): string | null {
  return isDetectionOp(op) ? detectionKeyOf(op as { videoId: number; trackId: number; frame: number }) : null;
}

/** Keypoints always carry their score here: the keyframe calls take only [x, y, score]. */
type ScoredDetectionBody = Omit<DetectionBody, 'keypoints'> & { keypoints?: [number, number, number][] };

/**
 * PATCH body of a detection: the box, plus keypoints when every coordinate is known, and the joints'
 * visibility (null when none is stored, so an undo back to such a row clears the one a change stored). A
 * box that is not a person's (an undo back to the AI's box, or to a derived one) says where it came from,
 * so the server gives back its source (and the AI's own box) instead of storing a keyframe.
 */
export function detectionBody(det: CompactDetection): ScoredDetectionBody {
  const body: ScoredDetectionBody = {
    x1: det.x1,
    y1: det.y1,
    x2: det.x2,
    y2: det.y2,
    confidence: det.confidence,
    keypoint_visibility: det.visibility ? Array.from(det.visibility) : null,
    ...(det.source === 'ai' || det.source === 'interpolated' ? { source: det.source } : {}),
  };
  const k = det.keypoints;
  if (k && k.length >= 51 && Array.from(k.subarray(0, 51)).every(Number.isFinite)) {
    const kps: ScoredDetectionBody['keypoints'] = [];
    for (let i = 0; i < 17; i++) kps.push([k[i * 3], k[i * 3 + 1], Math.min(1, Math.max(0, k[i * 3 + 2]))]);
    body.keypoints = kps;
  }
  return body;
}

// Every segment field, once each: the record makes the compiler refuse a missing or unknown name.
const SEGMENT_FIELDS = Object.keys({
  track_id: true,
  action_class: true,
  start_time: true,
  end_time: true,
  confidence: true,
  human_verified: true,
} satisfies Record<SegmentFieldName, true>) as SegmentFieldName[];

function fieldsOf(s: ActionSegment, keys: readonly (keyof SegmentFields)[]): SegmentFields {
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = s[k];
  return out as SegmentFields;
}

export interface EntryOps {
  forward: ServerOp[];
  inverse: ServerOp[];
}
const NONE: EntryOps = { forward: [], inverse: [] };

/** What a command's server operations are computed from: the document before and after it. */
export interface OpsContext {
  videoId: number;
  before: EditorDoc;
  after: EditorDoc;
  token: TokenRef;
}

/** A detection edit: PUT the new one; its undo puts the old one back, or deletes one the edit created. */
export function detectionOps(trackId: number, frame: number, { videoId, before, after }: OpsContext): EntryOps {
  const was = frameAt(before.detections[trackId], frame);
  const now = frameAt(after.detections[trackId], frame);
  const forward: ServerOp[] = now ? [{ kind: 'detection.put', videoId, trackId, frame, det: now }] : [];
  const inverse: ServerOp[] = was
    ? [{ kind: 'detection.put', videoId, trackId, frame, det: was }]
    : [{ kind: 'detection.delete', videoId, trackId, frame }];
  return { forward, inverse };
}

/** A segment change: PATCH the changed fields; its undo patches them back. */
export function segmentPatchOps(id: number, changes: SegmentFields, { videoId, before }: OpsContext): EntryOps {
  const was = before.segments.find((s) => s.id === id);
  const keys = SEGMENT_FIELDS.filter((k) => k in changes);
  if (!was || keys.length === 0) return NONE;
  return {
    forward: [{ kind: 'segment.patch', videoId, id, fields: fieldsOf({ ...was, ...changes } as ActionSegment, keys) }],
    inverse: [{ kind: 'segment.patch', videoId, id, fields: fieldsOf(was, keys) }],
  };
}

/** A new segment (the server created it first): redo re-creates it under its id, undo deletes it. */
export const segmentCreateOps = (segment: ActionSegment, { videoId }: OpsContext): EntryOps => ({
  forward: [{ kind: 'segment.create', videoId, segment, purpose: 'restore' }],
  inverse: [{ kind: 'segment.delete', videoId, id: segment.id }],
});

/** A deleted segment: its undo re-creates it under its old id. */
export function segmentDeleteOps(id: number, { videoId, before }: OpsContext): EntryOps {
  const was = before.segments.find((s) => s.id === id);
  if (!was) return NONE;
  return {
    forward: [{ kind: 'segment.delete', videoId, id: was.id, version: was.version }],
    inverse: [{ kind: 'segment.create', videoId, segment: was, purpose: 'restore' }],
  };
}

/** A range edit the server did first (it answered `token`): redo runs it again, undo restores by the token. */
export const rangeOps = (trackId: number, call: RangeCall, { videoId, token }: OpsContext): EntryOps => ({
  forward: [{ kind: 'track.range', videoId, trackId, call, token }],
  inverse: [{ kind: 'track.restore', videoId, token }],
});

/** A keyframe written with PUT (a drawn box, an outside keyframe); its undo puts the old one back or deletes it. */
export function keyframeOps(trackId: number, frame: number, { videoId, before, after }: OpsContext): EntryOps {
  const was = frameAt(before.detections[trackId], frame);
  const now = frameAt(after.detections[trackId], frame);
  const forward: ServerOp[] = now
    ? [{ kind: 'detection.keyframe', videoId, trackId, frame, det: now }]
    : [{ kind: 'detection.delete', videoId, trackId, frame }];
  const inverse: ServerOp[] = was
    ? [{ kind: 'detection.keyframe', videoId, trackId, frame, det: was }]
    : [{ kind: 'detection.delete', videoId, trackId, frame }];
  return { forward, inverse };
}
