// Typed calls of the Annotate screen.
// Status changes, history, download and export URLs are shared with the library: src/api/videos.ts, annotations.ts.
import type { AnnotationSummary, ReviewSummary } from '../../domain/contract/annotations';
import type { Video, VideoNeighbors as Neighbors } from '../../domain/contract/videos';
import type { JumpKind, TrackJump } from '../../domain/contract/track-jumps';
import { ApiError, errorText, rawRequest, request } from './request';
import { startEarlyRequest, takeEarlyResponse } from './early-requests';
import { filterParams, type VideoListFilters } from './videos';
import { decodeDetectionWindow, type DetectionWindow } from '../../domain/detection-window';

export type { AnnotationSummary, Neighbors };

const videoPath = (id: number) => `/api/v1/videos/${id}`;
const summaryPath = (id: number) => `/api/v1/annotations/${id}/summary`;
const windowPath = (id: number, from: number, to: number) =>
  `/api/v1/annotations/${id}/detections?from=${from}&to=${to}`;

/**
 * On a direct visit of the Annotate screen (src/pages/annotate/early-fetch.ts): the video, the summary and
 * the first detection window are requested before the app has rendered; the editor takes them.
 */
export function startEarlyAnnotate(id: number, firstWindowFrames: number): void {
  startEarlyRequest(videoPath(id));
  startEarlyRequest(summaryPath(id));
  startEarlyRequest(windowPath(id, 0, firstWindowFrames));
}

export async function fetchVideo(id: number, signal?: AbortSignal): Promise<Video> {
  const early = await takeEarlyResponse(videoPath(id));
  return early ? (early.json() as Promise<Video>) : request<Video>(videoPath(id), { signal });
}

export async function fetchSummary(id: number, signal?: AbortSignal): Promise<AnnotationSummary> {
  const early = await takeEarlyResponse(summaryPath(id));
  return early ? (early.json() as Promise<AnnotationSummary>) : request<AnnotationSummary>(summaryPath(id), { signal });
}

/** Per track presence and low-confidence runs, heavy overlaps and verified marks (review navigation). */
export const fetchReviewSummary = (id: number, signal?: AbortSignal) =>
  request<ReviewSummary>(`/api/v1/annotations/${id}/review-summary`, { signal });

/** The nearest keyframe (or analysed frame) of a track before or after a frame: ',' '.' '<' '>'. */
export const fetchTrackJump = (
  id: number,
  trackId: number,
  q: { from: number; direction: 'prev' | 'next'; kind: JumpKind },
) =>
  request<TrackJump>(
    `/api/v1/annotations/${id}/tracks/${trackId}/jump?from=${q.from}&direction=${q.direction}&kind=${q.kind}`,
  );

export async function fetchDetectionWindow(
  id: number,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<DetectionWindow> {
  const res =
    (await takeEarlyResponse(windowPath(id, from, to))) ?? (await rawRequest(windowPath(id, from, to), { signal }));
  if (!res.ok) throw new ApiError(res.status, await errorText(res, 'Failed to load detections'));
  return decodeDetectionWindow(await res.arrayBuffer());
}

export function fetchNeighbors(id: number, filters: VideoListFilters = {}, signal?: AbortSignal): Promise<Neighbors> {
  const qs = filterParams(filters).toString();
  return request<Neighbors>(`/api/v1/videos/${id}/neighbors${qs ? `?${qs}` : ''}`, { signal });
}

/** GET /settings/render may not exist on every server: a failure means the defaults. */
export async function fetchVideoSettingsOrNull(): Promise<Record<string, unknown> | null> {
  try {
    return await request<Record<string, unknown>>('/api/v1/settings/render');
  } catch {
    return null;
  }
}
