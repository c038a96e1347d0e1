// Typed calls of the Annotate screen.
// Status changes, history, download and export URLs are shared with the library: src/api/videos.ts, annotations.ts.
import type { ActionSegment, Relationship, Video, VideoInfo } from '../../domain/types';
import { ApiError, errorText, rawRequest, request } from './request';
import { filterParams, type VideoListFilters } from './videos';
import { decodeDetectionWindow, type DetectionWindow } from '../../domain/detection-window';

export interface AnnotationSummary {
  video_info: VideoInfo;
  tracks: { track_id: number; first_frame: number; last_frame: number }[];
  action_segments: ActionSegment[];
  relationships: Relationship[];
  max_window_frames: number;
}

export interface Neighbors { prev_id: number | null; next_id: number | null }


export const fetchVideo = (id: number, signal?: AbortSignal) => request<Video>(`/api/v1/videos/${id}`, { signal });

export const fetchSummary = (id: number, signal?: AbortSignal) =>
  request<AnnotationSummary>(`/api/v1/annotations/${id}/summary`, { signal });

export async function fetchDetectionWindow(id: number, from: number, to: number, signal?: AbortSignal): Promise<DetectionWindow> {
  const res = await rawRequest(`/api/v1/annotations/${id}/detections?from=${from}&to=${to}`, { signal });
  if (!res.ok) throw new ApiError(res.status, await errorText(res, 'Failed to load detections'));
  return decodeDetectionWindow(await res.arrayBuffer());
}

export function fetchNeighbors(id: number, filters: VideoListFilters = {}, signal?: AbortSignal): Promise<Neighbors> {
  const qs = filterParams(filters).toString();
  return request<Neighbors>(`/api/v1/videos/${id}/neighbors${qs ? `?${qs}` : ''}`, { signal });
}

/** GET /settings/render may not exist on every server: a failure means the defaults. */
export async function fetchRenderSettingsOrNull(): Promise<Record<string, unknown> | null> {
  try { return await request<Record<string, unknown>>('/api/v1/settings/render'); } catch { return null; }
}
