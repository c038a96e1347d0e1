// Review issues of a video (raise, list with threads, comment, resolve / reopen) and the review settings
// (the lock of reviewed videos for annotators).
import type { IssueComment, IssueList, ReviewIssue, ReviewSettings } from '../../domain/contract/review-issues';
import type { IssueKind, IssueState } from '../../domain/review-issues';
import { request } from './request';

export type { IssueComment, IssueList, ReviewIssue, ReviewSettings };

export interface NewIssue {
  frame: number;
  to_frame?: number | null;
  track_id?: number | null;
  box?: { x1: number; y1: number; x2: number; y2: number } | null;
  kind: IssueKind;
  text: string;
}

const base = (videoId: number) => `/api/v1/annotations/${videoId}/issues`;

export const fetchIssues = (videoId: number, signal?: AbortSignal) =>
  request<IssueList>(`${base(videoId)}?state=all`, { signal, fallback: 'Failed to load review issues' });

export const raiseIssue = (videoId: number, body: NewIssue) =>
  request<ReviewIssue>(base(videoId), { method: 'POST', json: body, fallback: 'Failed to raise the issue' });

export const commentOnIssue = (videoId: number, issueId: number, text: string) =>
  request<IssueComment>(`${base(videoId)}/${issueId}/comments`, {
    method: 'POST',
    json: { text },
    fallback: 'Failed to add the comment',
  });

export const setIssueState = (
  videoId: number,
  issueId: number,
  body: { state: IssueState; version: number; comment?: string },
) =>
  request<ReviewIssue>(`${base(videoId)}/${issueId}`, {
    method: 'PATCH',
    json: body,
    fallback: 'Failed to change the issue',
  });

export const fetchReviewSettings = () =>
  request<ReviewSettings>('/api/v1/settings/review', { fallback: 'Failed to load review settings' });

export const saveReviewSettings = (body: ReviewSettings) =>
  request<ReviewSettings>('/api/v1/settings/review', { method: 'PUT', json: body });
