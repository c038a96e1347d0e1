// Runs one server op with the real API client, and names a failure with the spec's texts.
import * as api from '../../api/annotation-edits';
import { ApiError } from '../../api/request';
import type { ActionSegment } from '../../../domain/types';
import { detectionBody, type ServerOp } from './server-ops';

export type OpExecutor = (op: ServerOp, version: (id: number) => number | undefined) => Promise<unknown>;

export const executeOp: OpExecutor = async (op, version) => {
  switch (op.kind) {
    case 'detection.put': return api.patchDetection(op.videoId, op.trackId, op.frame, detectionBody(op.det));
    case 'detection.delete':
      try { return await api.deleteDetection(op.videoId, op.trackId, op.frame); } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null; // already gone: the undo is done
        throw e;
      }
    case 'action.patch': return api.patchAction(op.videoId, op.id, { ...op.fields, version: version(op.id) });
    case 'action.create': {
      const s = op.segment;
      return api.createAction(op.videoId, {
        track_id: s.track_id, action_class: s.action_class, start_time: s.start_time, end_time: s.end_time, confidence: s.confidence,
        human_verified: s.human_verified, ...(op.purpose === 'restore' ? { restore_id: s.id } : {}),
      });
    }
    case 'action.delete': return api.deleteAction(op.videoId, op.id);
    case 'track.merge': {
      const r = await api.mergeTracks(op.videoId, op.baseTrackId, op.mergeTrackId);
      op.token.value = r.undo_token;
      return r;
    }
    case 'track.delete': {
      const r = await api.deleteTrack(op.videoId, op.trackId);
      op.token.value = r.undo_token;
      return r;
    }
    case 'track.restore': {
      if (op.token.value === null) throw new Error('Nothing to restore: the track edit was never saved');
      const r = await api.restoreTracks(op.videoId, op.token.value);
      op.token.value = null;
      return r;
    }
  }
};

/** Box/keypoint saves are retried: a network error, a timeout, too many requests or a server error. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return err instanceof TypeError; // fetch's network failure
  return err.status >= 500 || err.status === 408 || err.status === 429;
}

/** The text a user sees when an op fails: the spec's text, then the server's detail when it says more. */
export function failureText(op: ServerOp, err: unknown): string {
  const status = err instanceof ApiError ? err.status : null;
  let text: string;
  switch (op.kind) {
    case 'action.create':
      if (op.purpose === 'duplicate') text = status ? `Duplicate ${status}` : 'Failed to duplicate';
      else if (op.purpose === 'add') text = status ? `Create ${status}` : 'Failed to add segment';
      else text = 'Failed to save';
      break;
    case 'action.delete': text = status ? `Delete ${status}` : 'Failed to delete'; break;
    case 'track.merge': text = `Merge failed (${status ?? 'network error'})`; break;
    case 'track.delete': text = status ? `Delete track ${status}` : 'Failed to delete track'; break;
    default: text = 'Failed to save';
  }
  const detail = err instanceof Error ? err.message : '';
  return detail && !/^HTTP \d+$/.test(detail) && detail !== text ? `${text}: ${detail}` : text;
}

/** Segments the server answered with (their versions become the ones the next save sends). */
export function segmentsOfResult(op: ServerOp, result: unknown): ActionSegment[] {
  if (!result || typeof result !== 'object') return [];
  if (op.kind === 'action.patch' || op.kind === 'action.create') return [result as ActionSegment];
  const segs = (result as { segments?: ActionSegment[] }).segments;
  return Array.isArray(segs) ? segs : [];
}
