// Typed calls of the Annotate screen (spec §7.3 read calls + the compact editor reads, DESIGN §5).
// Status changes, history, download and export URLs are shared with the library: src/api/videos.ts, annotations.ts.
import type { ActionSegment, Relationship, Video, VideoInfo } from '../domain/types';
import { ApiError, errorText, rawRequest, request } from './request';
import { decodeDetectionWindow, type DetectionWindow } from '../annotate/wire/detection-window';

export interface AnnotationSummary {
  video_info: VideoInfo;
  tracks: { track_id: number; first_frame: number; last_frame: number }[];
  action_segments: ActionSegment[];
  relationships: Relationship[];
  max_window_frames: number;
}

export interface Neighbors { prev_id: number | null; next_id: number | null }

/** The library filters that Prev/Next follow (same names as GET /videos/). */
export interface LibraryFilters { status?: string[]; source_root?: string; q?: string; assignee?: string; unassigned_only?: boolean }

export const fetchVideo = (id: number, signal?: AbortSignal) => request<Video>(`/api/v1/videos/${id}`, { signal });

export const fetchSummary = (id: number, signal?: AbortSignal) =>
  request<AnnotationSummary>(`/api/v1/annotations/${id}/summary`, { signal });

export async function fetchDetectionWindow(id: number, from: number, to: number, signal?: AbortSignal): Promise<DetectionWindow> {
  const res = await rawRequest(`/api/v1/annotations/${id}/detections?from=${from}&to=${to}`, { signal });
  if (!res.ok) throw new ApiError(res.status, await errorText(res, 'Failed to load detections'));
  return decodeDetectionWindow(await res.arrayBuffer());
}

export function neighborsQuery(f: LibraryFilters): string {
  const p = new URLSearchParams();
  for (const s of f.status ?? []) p.append('status', s);
  if (f.source_root) p.set('source_root', f.source_root);
  if (f.q) p.set('q', f.q);
  if (f.unassigned_only) p.set('unassigned_only', 'true');
  else if (f.assignee) p.set('assignee', f.assignee);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const fetchNeighbors = (id: number, filters: LibraryFilters = {}, signal?: AbortSignal) =>
  request<Neighbors>(`/api/v1/videos/${id}/neighbors${neighborsQuery(filters)}`, { signal });

/** GET /settings/render may not exist on every server: a failure means the defaults. */
export async function fetchRenderSettingsOrNull(): Promise<Record<string, unknown> | null> {
  try { return await request<Record<string, unknown>>('/api/v1/settings/render'); } catch { return null; }
}
