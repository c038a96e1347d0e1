// The review queue (computed on the server from the analysis evidence) and the "opened for review" signal.
import { request } from './request';

export type ReviewStatus = 'pending' | 'in_progress' | 'completed';
export type Priority = 'high' | 'medium' | 'low';

export interface ReviewItem {
  id: number; video: string; duration: number; priority: Priority; score: number; confidence: number | null;
  issues: string[]; status: ReviewStatus; opened_by: string | null; estimated_seconds: number;
  assigned_to_id: string | null; assigned_to_name: string | null; assigned_to_me: boolean;
}

export interface ReviewQueueAnswer {
  items: ReviewItem[];
  total: number;
  counts: Record<ReviewStatus | 'all', number>;
  estimate: { factor: number; basis: 'measured' | 'default'; samples: number };
  low_confidence_threshold: number;
}

export const fetchReviewQueue = (q: { status: ReviewStatus | 'all'; scope: 'mine' | 'all'; limit: number; offset: number }) =>
  request<ReviewQueueAnswer>(`/api/v1/review/queue?${new URLSearchParams({ status: q.status, scope: q.scope, limit: String(q.limit), offset: String(q.offset) })}`,
    { fallback: 'Failed to load the review queue' });

export const recordReviewOpen = (videoId: number) => request<unknown>(`/api/v1/videos/${videoId}/review_open`, { method: 'POST' });
