// Row → API shape of a review issue and of a comment, shared by the issue calls and the package export.
import type { CommentRow, IssueRow } from '../../repositories/review-issues';
import type { IssueComment, ReviewIssue } from '../../../domain/contract/review-issues';
import type { IssueKind, IssueRef, IssueState } from '../../../domain/review-issues';

export const trackLabel = (trackId: number) => `T${trackId}`;

export const boxOf = (b: number[] | null) => (b && b.length === 4 ? { x1: b[0], y1: b[1], x2: b[2], y2: b[3] } : null);

export function commentDto(c: CommentRow): IssueComment {
  return {
    id: c.id,
    issue_id: c.issueId,
    author_id: c.authorId,
    author_name: c.authorName,
    text: c.text,
    event: c.event === 'resolved' || c.event === 'reopened' ? c.event : null,
    created_at: c.createdAt.toISOString(),
  };
}

export function issueDto(r: IssueRow, comments: CommentRow[], trackExists: boolean): ReviewIssue {
  return {
    id: r.id,
    video_id: r.videoId,
    frame: r.frame,
    to_frame: r.toFrame,
    track_id: r.trackId,
    track_label: r.trackLabel,
    track_exists: r.trackId !== null && trackExists,
    box: boxOf(r.box),
    kind: r.kind as IssueKind,
    text: r.text,
    state: r.state as IssueState,
    raised_by_id: r.raisedById,
    raised_by_name: r.raisedByName,
    raised_at: r.raisedAt.toISOString(),
    resolved_by_id: r.resolvedById,
    resolved_by_name: r.resolvedByName,
    resolved_at: r.resolvedAt ? r.resolvedAt.toISOString() : null,
    updated_by_id: r.updatedById,
    updated_at: r.updatedAt.toISOString(),
    version: r.version,
    comments: comments.map(commentDto),
  };
}

/** What a refusal or a log line needs to name the issue. */
export const issueRef = (r: IssueRow): IssueRef => ({
  id: r.id,
  frame: r.frame,
  to_frame: r.toFrame,
  track_label: r.trackLabel,
  kind: r.kind as IssueKind,
  text: r.text,
});
