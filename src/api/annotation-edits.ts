// Typed write calls of the Annotate screen plus the undo extensions
// (POST .../actions with restore_id, DELETE of a detection, POST .../tracks/restore).
import type { ActionSegment, TrackVerifiedResult } from '../../domain/contract/annotations';
import type {
  ActionPatchBody,
  DeletedAction,
  DeleteTrackResult,
  DetectionDeleted,
  DetectionPatchBody as DetectionBody,
  DetectionWritten,
  MergeResult,
  NewActionBody,
  RestoreResult,
} from '../../domain/contract/annotation-edits';
import { request } from './request';

export type {
  ActionPatchBody,
  DeleteTrackResult,
  DetectionBody,
  DetectionWritten,
  MergeResult,
  NewActionBody,
  RestoreResult,
};

const base = (videoId: number) => `/api/v1/annotations/${videoId}`;

export const createAction = (videoId: number, body: NewActionBody) =>
  request<ActionSegment>(`${base(videoId)}/actions`, { method: 'POST', json: body });

export const patchAction = (videoId: number, actionId: number, body: ActionPatchBody) =>
  request<ActionSegment>(`${base(videoId)}/actions/${actionId}`, { method: 'PATCH', json: body });

const versionQuery = (version: number | undefined) => (version === undefined ? '' : `?version=${version}`);

/** `version`: the one the delete is based on (the server answers 409 when someone changed it since). */
export const deleteAction = (videoId: number, actionId: number, version: number | undefined) =>
  request<DeletedAction>(`${base(videoId)}/actions/${actionId}${versionQuery(version)}`, { method: 'DELETE' });

export const patchDetection = (videoId: number, trackId: number, frame: number, body: DetectionBody) =>
  request<DetectionWritten>(`${base(videoId)}/tracks/${trackId}/detections/${frame}`, { method: 'PATCH', json: body });

export const deleteDetection = (videoId: number, trackId: number, frame: number, version: number | undefined) =>
  request<DetectionDeleted>(`${base(videoId)}/tracks/${trackId}/detections/${frame}${versionQuery(version)}`, {
    method: 'DELETE',
  });

export const mergeTracks = (videoId: number, baseTrackId: number, mergeTrackId: number) =>
  request<MergeResult>(`${base(videoId)}/tracks/merge`, {
    method: 'POST',
    json: { base_track_id: baseTrackId, merge_track_id: mergeTrackId },
  });

export const deleteTrack = (videoId: number, trackId: number) =>
  request<DeleteTrackResult>(`${base(videoId)}/tracks/${trackId}`, { method: 'DELETE' });

export const restoreTracks = (videoId: number, undoToken: number) =>
  request<RestoreResult>(`${base(videoId)}/tracks/restore`, { method: 'POST', json: { undo_token: undoToken } });

/** Sets (true) or clears (false) a track's verified mark. */
export const putTrackVerified = (videoId: number, trackId: number, verified: boolean) =>
  request<TrackVerifiedResult>(`${base(videoId)}/tracks/${trackId}/verified`, { method: 'PUT', json: { verified } });
