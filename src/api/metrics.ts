// Summary figures (Dashboard, Metrics), the server status (status bar) and the admin source overview.
import { ApiError, errorText, rawRequest, request } from './request';

export interface MetricsSummary {
  totals: { videos: number };
  status: Record<'pending' | 'processing' | 'completed' | 'reviewed' | 'labelled', number> & Record<string, number>;
  video_stats: { avg_duration: number; avg_resolution: string; completion_rate: number | null };
  system: { active_sources: number; processing_queue: number | null };
}

export interface ServerStatus { status: string; database_status: string; database_kind?: string; ai_models: { device: string; pose_model?: string }; time?: string }

export interface SourceOverviewEntry {
  root: string; label: string; enabled: boolean;
  stats: { total: number; pending: number; processing: number; completed: number; reviewed: number; labelled: number };
}

/** Rethrows with `fallback` when the request never got an answer (network failure). */
async function withFallback<T>(p: Promise<T>, fallback: string): Promise<T> {
  try { return await p; } catch (e) { throw e instanceof ApiError ? e : new Error(fallback); }
}

/** The summary; errors read the server's detail, else 'Metrics {status}', else 'Failed to load metrics'. */
export async function fetchSummary(): Promise<MetricsSummary> {
  const res = await withFallback(rawRequest('/api/v1/metrics/summary'), 'Failed to load metrics');
  if (!res.ok) throw new ApiError(res.status, await errorText(res, `Metrics ${res.status}`));
  return res.json() as Promise<MetricsSummary>;
}

export const fetchServerStatus = () => request<ServerStatus>('/api/v1/status');

export const fetchSourceOverview = () =>
  withFallback(request<SourceOverviewEntry[]>('/api/v1/admin/repo/sources', { fallback: 'Failed to load source overview' }), 'Failed to load source overview');

export interface MetricsDetails {
  processing: {
    runs: number; median_frames_per_second: number | null; median_realtime_factor: number | null;
    recent: Array<{ video_id: number; filename: string; at: string; frames_per_second: number; realtime_factor: number | null; total_seconds: number }>;
  };
  human_review: {
    videos_with_human_work: number; human_edited_detections: number; verified_segments: number; segments: number;
    per_video: Array<{ id: number; filename: string; processing_status: string; human_detections: number; verified_segments: number; segments: number }>;
    reviewers: Array<{ user_id: string; reviewed: number; labelled: number }>;
  };
  weekly: Array<{ week: string; processed: number; reviewed: number; labelled: number }>;
}

export const fetchMetricsDetails = () =>
  withFallback(request<MetricsDetails>('/api/v1/metrics/details', { fallback: 'Failed to load metrics' }), 'Failed to load metrics');
