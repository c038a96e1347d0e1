// Runs one server op with the real API client (a table keyed by op kind), and names a failure with the
// product's texts.
import * as api from '../../api/annotation-edits';
import { ApiError } from '../../api/request';
import type { ActionSegment } from '../../../domain/types';
import { detectionBody, type ServerOp } from './server-ops';

/** `version`: the version of the stored detection or action the op changes, as the editor last saw it (the save queue looks it up). */
export type OpExecutor = (op: ServerOp, version: number | undefined) => Promise<unknown>;

type OpOf<K extends ServerOp['kind']> = Extract<ServerOp, { kind: K }>;
type Runner<K extends ServerOp['kind']> = (op: OpOf<K>, version: number | undefined) => Promise<unknown>;

/** How each kind of server op is carried out with the API client: one entry per kind. */
const RUN: { [K in ServerOp['kind']]: Runner<K> } = {
  // no version: the frame had no stored row when the editor read it, so this stores a new one
  'detection.put': (op, version) => api.patchDetection(op.videoId, op.trackId, op.frame, { ...detectionBody(op.det), ...(version !== undefined ? { version } : {}) }),
  'detection.delete': async (op, version) => {
    try { return await api.deleteDetection(op.videoId, op.trackId, op.frame, version); } catch (e) {
      if (e instanceof ApiError && e.status === 404) return null; // already gone: the undo is done
      throw e;
    }
  },
  'segment.patch': (op, version) => api.patchAction(op.videoId, op.id, { ...op.fields, version }),
  'segment.create': (op) => {
    const s = op.segment;
    return api.createAction(op.videoId, {
      track_id: s.track_id, action_class: s.action_class, start_time: s.start_time, end_time: s.end_time, confidence: s.confidence,
      human_verified: s.human_verified, ...(op.purpose === 'restore' ? { restore_id: s.id } : {}),
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
  'track.restore': async (op) => {
    if (op.token.value === null) throw new Error('Nothing to restore: the track edit was never saved');
    const r = await api.restoreTracks(op.videoId, op.token.value);
    op.token.value = null;
    return r;
  },
};

export const executeOp: OpExecutor = (op, version) => (RUN[op.kind] as Runner<typeof op.kind>)(op as never, version);

/** Box/keypoint saves are retried: a network error, a timeout, too many requests or a server error. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return err instanceof TypeError; // fetch's network failure
  return err.status >= 500 || err.status === 408 || err.status === 429;
}

/** The product's text for a failed op of each kind, given the HTTP status (null for a network error). */
const FAILURE: { [K in ServerOp['kind']]?: (op: OpOf<K>, status: number | null) => string } = {
  'segment.create': (op, status) => op.purpose === 'duplicate' ? (status ? `Duplicate ${status}` : 'Failed to duplicate')
    : op.purpose === 'add' ? (status ? `Create ${status}` : 'Failed to add segment') : 'Failed to save',
  'segment.delete': (_op, status) => (status ? `Delete ${status}` : 'Failed to delete'),
  'track.merge': (_op, status) => `Merge failed (${status ?? 'network error'})`,
  'track.delete': (_op, status) => (status ? `Delete track ${status}` : 'Failed to delete track'),
};

/** Someone else changed (409) or stored (428) what the op changes since the editor read it. */
export const isConflict = (err: unknown): boolean => err instanceof ApiError && (err.status === 409 || err.status === 428);

/** The text a user sees when an op fails: the product's text, then the server's detail when it says more. */
export function failureText(op: ServerOp, err: unknown): string {
  const status = err instanceof ApiError ? err.status : null;
  const of = FAILURE[op.kind] as ((op: ServerOp, status: number | null) => string) | undefined;
  const text = of ? of(op, status) : 'Failed to save';
  const detail = err instanceof Error ? err.message : '';
  return detail && !/^HTTP \d+$/.test(detail) && detail !== text ? `${text}: ${detail}` : text;
}

/** The version of the detection a put saved (the next change of it sends this one). */
export function detectionVersionOfResult(op: ServerOp, result: unknown): number | undefined {
  const v = op.kind === 'detection.put' && result && typeof result === 'object' ? (result as { version?: unknown }).version : undefined;
  return typeof v === 'number' ? v : undefined;
}

/** Segments the server answered with (their versions become the ones the next save sends). */
export function segmentsOfResult(op: ServerOp, result: unknown): ActionSegment[] {
  if (!result || typeof result !== 'object') return [];
  if (op.kind === 'segment.patch' || op.kind === 'segment.create') return [result as ActionSegment];
  const segs = (result as { segments?: ActionSegment[] }).segments;
  return Array.isArray(segs) ? segs : [];
}

/** The boxes an undone track edit brought back above the version the document holds for them. */
export function restoredDetectionVersions(result: unknown): Array<{ track_id: number; frame: number; version: number }> {
  const list = result && typeof result === 'object' ? (result as { detection_versions?: unknown }).detection_versions : undefined;
  return Array.isArray(list) ? list : [];
}
