// Long-job calls (extensions): the activity list the top bar polls, and cancelling a job by its id or
// a video's running job.
import type { ActivitySnapshot, CancelAnswer } from '../../domain/contract/jobs';
import { request } from './request';

export type { CancelAnswer };

export const getActivity = (signal?: AbortSignal) =>
  request<ActivitySnapshot>('/api/v1/jobs/activity', { signal, fallback: 'Failed to load activity' });

export const cancelJob = (id: number) =>
  request<CancelAnswer>(`/api/v1/jobs/${id}/cancel`, { method: 'POST', fallback: 'Failed to cancel' });

export const cancelVideoJob = (videoId: number) =>
  request<CancelAnswer>(`/api/v1/videos/${videoId}/cancel`, { method: 'POST', fallback: 'Failed to cancel' });
