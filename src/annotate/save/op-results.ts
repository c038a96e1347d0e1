// What the server answers each op, typed by the contract: an op's result is a discriminated union on the
// op's kind (a range op's also on its call), so the save queue reads saved versions, track versions and
// segments by kind instead of guessing them from the answer's shape.
import type { ActionSegment } from '../../../domain/types';
import type {
  DeletedAction,
  DeleteTrackResult,
  DetectionDeleted,
  DetectionVersions,
  DetectionWritten,
  MergeResult,
  RestoreResult,
} from '../../../domain/contract/annotation-edits';
import type {
  InterpolateResult,
  KeyframeResult,
  MoveResult,
  NewTrackResult,
  PropagateResult,
  RangeDeleteResult,
  SplitResult,
  SwapResult,
} from '../../../domain/contract/track-corrections';
import type { RangeCall, ServerOp } from './server-ops';

/** The answer of each range call. */
export interface RangeAnswers {
  delete: RangeDeleteResult;
  split: SplitResult;
  swap: SwapResult;
  move: MoveResult;
  interpolate: InterpolateResult;
  propagate: PropagateResult;
}
export type RangeResult = { [K in RangeCall['kind']]: { call: K; answer: RangeAnswers[K] } }[RangeCall['kind']];

/** The answer of each op kind (a detection delete the row is already gone for: null). */
export interface OpAnswers {
  'detection.put': DetectionWritten;
  'detection.delete': DetectionDeleted | null;
  'segment.patch': ActionSegment;
  'segment.create': ActionSegment;
  'segment.delete': DeletedAction;
  'track.merge': MergeResult;
  'track.delete': DeleteTrackResult;
  'track.restore': RestoreResult;
  /** A new track, or its keyframe PUT when the op runs again (Redo of an undone draw). */
  'track.create': NewTrackResult | KeyframeResult;
  'detection.keyframe': KeyframeResult;
  'track.range': RangeResult;
}
export type OpKind = ServerOp['kind'];
export type OpResult = { [K in OpKind]: { kind: K; answer: OpAnswers[K] } }[OpKind];
export type OpOf<K extends OpKind> = Extract<ServerOp, { kind: K }>;

/** The version of the detection an op saved (the next change of it sends this one). */
export function detectionVersionOf(r: OpResult): number | undefined {
  switch (r.kind) {
    case 'detection.put':
      return r.answer.version;
    case 'detection.keyframe':
    case 'track.create':
      return r.answer.detection.version;
    default:
      return undefined;
  }
}

/** The track versions an answer names (every change of a track's boxes bumps its version). */
export function trackVersionsOf(op: ServerOp, r: OpResult): Record<number, number> {
  const own = (v: number): Record<number, number> => ('trackId' in op ? { [op.trackId]: v } : {});
  switch (r.kind) {
    case 'detection.put':
    case 'detection.keyframe':
    case 'track.delete':
      return own(r.answer.track_version);
    case 'detection.delete':
      return r.answer ? own(r.answer.detection.track_version) : {};
    case 'track.create': {
      const a = r.answer;
      const id = 'track_id' in a ? a.track_id : op.kind === 'track.create' ? (op.made.value ?? op.trackId) : null;
      return id === null ? {} : { [id]: a.track_version };
    }
    case 'track.merge':
    case 'track.restore':
      return numbered(r.answer.track_versions);
    case 'track.range':
      return rangeTrackVersions(r.answer, own);
    default:
      return {};
  }
}

function rangeTrackVersions(r: RangeResult, own: (v: number) => Record<number, number>): Record<number, number> {
  switch (r.call) {
    case 'split':
      return { ...own(r.answer.track_version), [r.answer.new_track_id]: r.answer.new_track_version };
    case 'swap':
      return numbered(r.answer.track_versions);
    case 'move':
      return { ...own(r.answer.track_version), [r.answer.target_track_id]: r.answer.target_track_version };
    default:
      return own(r.answer.track_version);
  }
}

const numbered = (versions: Record<string, number>): Record<number, number> =>
  Object.fromEntries(Object.entries(versions).map(([t, v]) => [Number(t), v]));

/** Segments the server answered with (their versions become the ones the next save sends). */
export function segmentsOf(r: OpResult): ActionSegment[] {
  switch (r.kind) {
    case 'segment.patch':
    case 'segment.create':
      return [r.answer];
    case 'track.merge':
    case 'track.restore':
      return r.answer.segments;
    default:
      return [];
  }
}

/** Boxes the call stored besides the one it names, with their versions (filled, refilled or restored). */
export function storedVersionsOf(r: OpResult): DetectionVersions {
  switch (r.kind) {
    case 'detection.keyframe':
    case 'track.restore':
      return r.answer.detection_versions;
    case 'track.create':
      return 'detection_versions' in r.answer ? r.answer.detection_versions : [];
    case 'detection.delete':
      return r.answer?.detection_versions ?? [];
    case 'track.range':
      return 'detection_versions' in r.answer.answer ? r.answer.answer.detection_versions : [];
    default:
      return [];
  }
}
