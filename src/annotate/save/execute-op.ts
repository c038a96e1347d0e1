// Runs one server op with the real API client (a table keyed by op kind) and answers its typed result
// (op-results.ts), and names a failure with the product's texts.
import * as api from '../../api/annotation-edits';
import { ApiError } from '../../api/request';
import * as corrections from '../../api/track-corrections';
import { detectionBody, type RangeCall, type ServerOp } from './server-ops';
import type { OpAnswers, OpKind, OpOf, OpResult, RangeResult } from './op-results';

/** Track id → the track's version as the editor last saw it (range ops send these). */
export type TrackVersions = Record<number, number | undefined>;

/** `version`: the version of the stored detection or action the op changes, as the editor last saw it (the
 *  save queue looks it up); `tracks`: the versions of the tracks a range op changes. */
export type OpExecutor = (op: ServerOp, version: number | undefined, tracks?: TrackVersions) => Promise<OpResult>;

type Runner<K extends OpKind> = (
  op: OpOf<K>,
  version: number | undefined,
  tracks: TrackVersions,
) => Promise<OpAnswers[K]>;

/** A range call with the versions of its tracks. */
async function runRange(videoId: number, trackId: number, c: RangeCall, v: TrackVersions): Promise<RangeResult> {
  const own = v[trackId];
  switch (c.kind) {
    case 'delete':
      return { call: c.kind, answer: await corrections.deleteFrameRange(videoId, trackId, c.from, c.to, own) };
    case 'split':
      return { call: c.kind, answer: await corrections.splitTrack(videoId, trackId, c.frame, own) };
    case 'swap': {
      const versions: Record<string, number> = {};
      for (const t of [trackId, c.otherTrackId]) if (v[t] !== undefined) versions[String(t)] = v[t]!;
      return { call: c.kind, answer: await corrections.swapTracks(videoId, trackId, c.otherTrackId, c.from, versions) };
    }
    case 'move':
      return {
        call: c.kind,
        answer: await corrections.moveFrameRange(videoId, trackId, {
          from_frame: c.from,
          to_frame: c.to,
          version: own,
          ...(c.targetTrackId === null ? {} : { target_track_id: c.targetTrackId, target_version: v[c.targetTrackId] }),
        }),
      };
    case 'interpolate':
      return { call: c.kind, answer: await corrections.interpolateTrack(videoId, trackId, c.from, c.to, own) };
    case 'propagate':
      return { call: c.kind, answer: await corrections.propagateTrack(videoId, trackId, c.from, c.to, own) };
  }
}

/**
 * A keyframe's PUT body: the box, keypoints and joint visibility as a PATCH sends them (null when none is
 * stored, so an undo back to such a keyframe clears it), `outside` for an outside keyframe.
 */
function keyframeBody(op: OpOf<'detection.keyframe'>, version: number | undefined): corrections.KeyframeBody {
  const { x1, y1, x2, y2, keypoints, keypoint_visibility } = detectionBody(op.det);
  return {
    x1: x1!,
    y1: y1!,
    x2: x2!,
    y2: y2!,
    ...(keypoints ? { keypoints } : {}),
    keypoint_visibility,
    ...(op.det.source === 'outside' ? { outside: true } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

/** How each kind of server op is carried out with the API client: one entry per kind. */
const RUN: { [K in ServerOp['kind']]: Runner<K> } = {
  // no version: the frame had no stored row when the editor read it, so this stores a new one
  'detection.put': (op, version) =>
    api.patchDetection(op.videoId, op.trackId, op.frame, {
      ...detectionBody(op.det),
      ...(version !== undefined ? { version } : {}),
    }),
  'detection.delete': async (op, version) => {
    try {
      return await api.deleteDetection(op.videoId, op.trackId, op.frame, version);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return null; // already gone: the undo is done
      throw e;
    }
  },
  'segment.patch': (op, version) => api.patchAction(op.videoId, op.id, { ...op.fields, version }),
  'segment.create': (op) => {
    const s = op.segment;
    return api.createAction(op.videoId, {
      track_id: s.track_id,
      action_class: s.action_class,
      start_time: s.start_time,
      end_time: s.end_time,
      confidence: s.confidence,
      human_verified: s.human_verified,
      ...(op.purpose === 'restore' ? { restore_id: s.id } : {}),
    });
  },
  'segment.delete': (op, version) => api.deleteAction(op.videoId, op.id, version),
  'track.merge': async (op) => {
    const r = await api.mergeTracks(op.videoId, op.baseTrackId, op.mergeTrackId);
    op.token.value = r.undo_token;
    return r;
  },
  'track.delete': async (op) => {
    const r = await api.deleteTrack(op.videoId, op.trackId);
    op.token.value = r.undo_token;
    return r;
  },
  'track.create': async (op) => {
    const { x1, y1, x2, y2, keypoints, keypoint_visibility } = detectionBody(op.det);
    const kp = { ...(keypoints ? { keypoints } : {}), ...(keypoint_visibility ? { keypoint_visibility } : {}) };
    if (op.made.value !== null)
      return corrections.putKeyframe(op.videoId, op.made.value, op.frame, {
        x1: x1!,
        y1: y1!,
        x2: x2!,
        y2: y2!,
        ...kp,
      });
    const r = await corrections.createTrack(op.videoId, {
      frame: op.frame,
      box: { x1: x1!, y1: y1!, x2: x2!, y2: y2! },
      ...kp,
    });
    op.made.value = r.track_id;
    return r;
  },
  'detection.keyframe': (op, version) =>
    corrections.putKeyframe(op.videoId, op.trackId, op.frame, keyframeBody(op, version)),
  'track.range': async (op, _version, tracks) => {
    const r = await runRange(op.videoId, op.trackId, op.call, tracks);
    op.token.value = r.answer.undo_token;
    return r;
  },
  'track.restore': async (op) => {
    if (op.token.value === null) throw new Error('Nothing to restore: the track edit was never saved');
    const r = await api.restoreTracks(op.videoId, op.token.value);
    op.token.value = null;
    return r;
  },
};

export const executeOp: OpExecutor = async (op, version, tracks = {}) =>
  ({ kind: op.kind, answer: await (RUN[op.kind] as Runner<OpKind>)(op as never, version, tracks) }) as OpResult;

/** Box/keypoint saves are retried: a network error, a timeout, too many requests or a server error. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return err instanceof TypeError; // fetch's network failure
  return err.status >= 500 || err.status === 408 || err.status === 429;
}

/** The product's text for a failed op of each kind, given the HTTP status (null for a network error). */
const FAILURE: { [K in ServerOp['kind']]?: (op: OpOf<K>, status: number | null) => string } = {
  'segment.create': (op, status) =>
    op.purpose === 'duplicate'
      ? status
        ? `Duplicate ${status}`
        : 'Failed to duplicate'
      : op.purpose === 'add'
        ? status
          ? `Create ${status}`
          : 'Failed to add segment'
        : 'Failed to save',
  'segment.delete': (_op, status) => (status ? `Delete ${status}` : 'Failed to delete'),
  'track.merge': (_op, status) => `Merge failed (${status ?? 'network error'})`,
  'track.delete': (_op, status) => (status ? `Delete track ${status}` : 'Failed to delete track'),
  'track.create': (_op, status) => (status ? `New box ${status}` : 'Failed to add the box'),
  'track.range': (op, status) => `${RANGE_LABEL[op.call.kind]} failed (${status ?? 'network error'})`,
};

const RANGE_LABEL: Record<RangeCall['kind'], string> = {
  delete: 'Delete frames',
  split: 'Split',
  swap: 'Swap',
  move: 'Move frames',
  interpolate: 'Interpolate',
  propagate: 'Propagate',
};

/** Someone else changed (409) or stored (428) what the op changes since the editor read it. */
export const isConflict = (err: unknown): boolean =>
  err instanceof ApiError && (err.status === 409 || err.status === 428);

/** The text a user sees when an op fails: the product's text, then the server's detail when it says more. */
export function failureText(op: ServerOp, err: unknown): string {
  const status = err instanceof ApiError ? err.status : null;
  const of = FAILURE[op.kind] as ((op: ServerOp, status: number | null) => string) | undefined;
  const text = of ? of(op, status) : 'Failed to save';
  const detail = err instanceof Error ? err.message : '';
  return detail && !/^HTTP \d+$/.test(detail) && detail !== text ? `${text}: ${detail}` : text;
}
