// The review queue: completed videos not yet reviewed, most in need of a human first. Priority comes from
// the evidence the analysis left: low mean box confidence, a large share of boxes below the low-confidence
// threshold, more tracks than people ever seen at once (a person split into fragments), and segment
// proposals nobody has verified, and the share of tracks no reviewer has marked verified (a mark edited
// since counts as unverified). A video opened in the Annotate screen in the last 30 minutes is in
// progress; reviewed and labelled ones are completed. The estimate is the measured median review time per
// second of video (from opens followed by a review) × duration, or a default factor while fewer than
// three reviews have been measured. Videos assigned to the viewer that have open review issues come first:
// that is the work waiting for them.
import type { SqlRunner } from '../db/connect';
import { Forbidden } from '../domain-errors';
import { atLeast } from '../../domain/roles';
import {
  measuredReviewFactor,
  queueCounts,
  queuePage,
  recordOpen,
  refreshEvidence,
  type QueueFilter,
  type QueueRow,
  type ReviewStatus,
} from '../repositories/review-queue';
import { REVIEW_LOW_CONFIDENCE } from '../../domain/constants';
import type { Identity } from '../../domain/types';

/** Weights of the evidence in the priority score (each term is 0..1, so the score is too). */
export const PRIORITY_WEIGHTS = {
  confidence: 0.3,
  lowShare: 0.2,
  fragments: 0.15,
  unverified: 0.15,
  unverifiedTracks: 0.2,
};
/** Score thresholds of the priority chip. */
export const PRIORITY_HIGH = 0.5;
export const PRIORITY_MEDIUM = 0.3;
/** Review minutes per minute of video until three reviews have been measured. */
export const DEFAULT_REVIEW_FACTOR = 3;
export const IN_PROGRESS_MINUTES = 30;
const MIN_MEASURED = 3;

export type Priority = 'high' | 'medium' | 'low';
export const priorityOf = (score: number): Priority =>
  score >= PRIORITY_HIGH ? 'high' : score >= PRIORITY_MEDIUM ? 'medium' : 'low';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A few words per problem the reviewer will meet. */
export function issuesOf(
  r: Pick<QueueRow, 'detections' | 'low_tracks' | 'tracks' | 'people' | 'unverified' | 'verified_tracks'>,
): string[] {
  const out: string[] = [];
  if (!r.detections) out.push('no people detected');
  if (r.low_tracks) out.push(`${plural(r.low_tracks, 'low-confidence track')}`);
  const fragments = Math.max(0, r.tracks - r.people);
  if (r.detections && fragments)
    out.push(
      `${plural(fragments, 'track fragment')} (${plural(r.tracks, 'track')} for ${plural(r.people, 'person', 'people')})`,
    );
  if (r.unverified) out.push(`${plural(r.unverified, 'unverified segment')}`);
  // once a reviewer has started marking tracks, what is left of them
  if (r.verified_tracks && r.tracks) out.push(`${r.verified_tracks} of ${plural(r.tracks, 'track')} verified`);
  return out;
}

export interface QueueQuery {
  status: ReviewStatus | 'all';
  scope: 'mine' | 'all';
  has_open_issues?: boolean;
  limit: number;
  offset: number;
}

export async function reviewQueue(sql: SqlRunner, viewer: Identity | null, hiddenSourceRoles: string[], q: QueueQuery) {
  if (q.scope === 'all' && !atLeast(viewer?.role, 'admin'))
    throw new Forbidden("Only administrators may show every assignee's videos");
  const filter: QueueFilter = {
    hiddenSourceRoles,
    allAssignees: q.scope === 'all',
    viewerId: viewer?.id ?? null,
    status: q.status,
    withOpenIssues: q.has_open_issues === true,
    limit: q.limit,
    offset: q.offset,
    inProgressMinutes: IN_PROGRESS_MINUTES,
    weights: PRIORITY_WEIGHTS,
  };
  await refreshEvidence(sql, REVIEW_LOW_CONFIDENCE);
  const [page, counts, measured] = await Promise.all([
    queuePage(sql, filter),
    queueCounts(sql, filter),
    measuredReviewFactor(sql, 4, 200),
  ]);
  const useMeasured = measured.factor !== null && measured.samples >= MIN_MEASURED;
  const factor = useMeasured ? measured.factor! : DEFAULT_REVIEW_FACTOR;
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      video: r.filename,
      duration: r.duration,
      assigned_to_id: r.assigned_to_id,
      assigned_to_name: r.assigned_to_name,
      assigned_to_me: Boolean(viewer && r.assigned_to_id === viewer.id),
      priority: priorityOf(r.score),
      score: Math.round(r.score * 1000) / 1000,
      confidence: r.mean_confidence === null ? null : Math.round(r.mean_confidence * 1000) / 1000,
      detections: r.detections,
      low_confidence_detections: r.low_detections,
      tracks: r.tracks,
      low_confidence_tracks: r.low_tracks,
      max_people_in_frame: r.people,
      segments: r.segments,
      unverified_segments: r.unverified,
      verified_tracks: Math.min(r.verified_tracks, r.tracks),
      issues: issuesOf(r),
      open_issues: r.open_issues,
      status: r.review_status,
      opened_by: r.review_status === 'in_progress' ? r.last_user : null,
      opened_at: r.review_status === 'in_progress' && r.last_open ? new Date(r.last_open).toISOString() : null,
      estimated_seconds: Math.round(r.duration * factor),
    })),
    total: page.total,
    counts: { all: counts.pending + counts.in_progress + counts.completed, ...counts },
    estimate: {
      factor: Math.round(factor * 100) / 100,
      basis: useMeasured ? ('measured' as const) : ('default' as const),
      samples: measured.samples,
    },
    low_confidence_threshold: REVIEW_LOW_CONFIDENCE,
  };
}

export const recordReviewOpen = (sql: SqlRunner, videoId: number, who: Identity) => recordOpen(sql, videoId, who.id);
