// The review queue (computed on the server from the analysis evidence) and the "opened for review" signal.
import type { ReviewItem, ReviewQueue as ReviewQueueAnswer } from '../../domain/contract/review';
import { request } from './request';

export type { ReviewItem, ReviewQueueAnswer };

export type ReviewStatus = ReviewItem['status'];
export type Priority = ReviewItem['priority'];

export const fetchReviewQueue = (q: {
  status: ReviewStatus | 'all';
  scope: 'mine' | 'all';
  limit: number;
  offset: number;
}) =>
  request<ReviewQueueAnswer>(
    `/api/v1/review/queue?${new URLSearchParams({ status: q.status, scope: q.scope, limit: String(q.limit), offset: String(q.offset) })}`,
    { fallback: 'Failed to load the review queue' },
  );

export const recordReviewOpen = (videoId: number) =>
  request<unknown>(`/api/v1/videos/${videoId}/review_open`, { method: 'POST' });
