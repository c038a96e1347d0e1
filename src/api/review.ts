// The review queue (computed on the server from the analysis evidence) and the "opened for review" signal.
import type { ReviewItem, ReviewQueue as ReviewQueueAnswer } from '../../domain/contract/review';
import { request } from './request';

export type { ReviewItem, ReviewQueueAnswer };

export type ReviewStatus = ReviewItem['status'];
export type Priority = ReviewItem['priority'];

export const fetchReviewQueue = (q: {
  status: ReviewStatus | 'all';
  scope: 'mine' | 'all';
  /** Only videos with open review issues. */
  hasOpenIssues?: boolean;
  limit: number;
  offset: number;
}) => {
  const p = new URLSearchParams({ status: q.status, scope: q.scope, limit: String(q.limit), offset: String(q.offset) });
  if (q.hasOpenIssues) p.set('has_open_issues', 'true');
  return request<ReviewQueueAnswer>(`/api/v1/review/queue?${p}`, { fallback: 'Failed to load the review queue' });
};

export const recordReviewOpen = (videoId: number) =>
  request<unknown>(`/api/v1/videos/${videoId}/review_open`, { method: 'POST' });
