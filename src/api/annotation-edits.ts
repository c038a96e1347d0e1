// Typed write calls of the Annotate screen plus the undo extensions
// (POST .../actions with restore_id, DELETE of a detection, POST .../tracks/restore).
import type { ActionClass } from '../../domain/constants';
import type { ActionSegment, Keypoint, SegmentFields } from '../../domain/types';
import type { TrackVerifiedMark } from '../../domain/review-navigation';
import { request } from './request';

export interface NewActionBody {
  track_id: number; action_class: ActionClass; start_time: number; end_time: number; confidence: number;
  human_verified?: boolean; restore_id?: number;
}
export type ActionPatchBody = SegmentFields & { version?: number };
/** `version`: the stored row's version the change is based on (absent for a new detection on an empty frame). */
/** `keypoint_visibility`: 17 × 2 visible, 1 occluded, 0 absent; null clears a stored one. */
export interface DetectionBody {
  x1?: number; y1?: number; x2?: number; y2?: number; keypoints?: Keypoint[]; keypoint_visibility?: number[] | null; confidence?: number; version?: number;
}
/** A saved detection as the server answers it. */
export interface SavedDetection { track_id: number; frame: number; version: number; updated_by_id: string | null; updated_at: string | null }
export interface MergeResult { base_track_id: number; merge_track_id: number; moved_segments: number; segments: ActionSegment[]; undo_token: number }
export interface DeleteTrackResult { track_id: number; deleted_detections: number; deleted_segments: number; undo_token: number }
export interface RestoreResult {
  kind: string; track_ids: number[]; restored_detections: number; segments: ActionSegment[];
  /** Restored boxes whose version is above the one they had before the edit: the next save of each sends this. */
  detection_versions: Array<{ track_id: number; frame: number; version: number }>;
}

const base = (videoId: number) => `/api/v1/annotations/${videoId}`;

export const createAction = (videoId: number, body: NewActionBody) =>
  request<ActionSegment>(`${base(videoId)}/actions`, { method: 'POST', json: body });

export const patchAction = (videoId: number, actionId: number, body: ActionPatchBody) =>
  request<ActionSegment>(`${base(videoId)}/actions/${actionId}`, { method: 'PATCH', json: body });

const versionQuery = (version: number | undefined) => (version === undefined ? '' : `?version=${version}`);

/** `version`: the one the delete is based on (the server answers 409 when someone changed it since). */
export const deleteAction = (videoId: number, actionId: number, version: number | undefined) =>
  request<{ deleted: true; action: ActionSegment }>(`${base(videoId)}/actions/${actionId}${versionQuery(version)}`, { method: 'DELETE' });

export const patchDetection = (videoId: number, trackId: number, frame: number, body: DetectionBody) =>
  request<SavedDetection>(`${base(videoId)}/tracks/${trackId}/detections/${frame}`, { method: 'PATCH', json: body });

export const deleteDetection = (videoId: number, trackId: number, frame: number, version: number | undefined) =>
  request<unknown>(`${base(videoId)}/tracks/${trackId}/detections/${frame}${versionQuery(version)}`, { method: 'DELETE' });

export const mergeTracks = (videoId: number, baseTrackId: number, mergeTrackId: number) =>
  request<MergeResult>(`${base(videoId)}/tracks/merge`, { method: 'POST', json: { base_track_id: baseTrackId, merge_track_id: mergeTrackId } });

export const deleteTrack = (videoId: number, trackId: number) =>
  request<DeleteTrackResult>(`${base(videoId)}/tracks/${trackId}`, { method: 'DELETE' });

export const restoreTracks = (videoId: number, undoToken: number) =>
  request<RestoreResult>(`${base(videoId)}/tracks/restore`, { method: 'POST', json: { undo_token: undoToken } });

/** Sets (true) or clears (false) a track's verified mark. */
export const putTrackVerified = (videoId: number, trackId: number, verified: boolean) =>
  request<{ track_id: number; verified: TrackVerifiedMark | null }>(`${base(videoId)}/tracks/${trackId}/verified`, { method: 'PUT', json: { verified } });
