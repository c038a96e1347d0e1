// The one table of status changes a person may make by hand. The server enforces it on
// PATCH /videos/{id}/status and the screens read it to decide what to offer, so a menu never offers
// a change the server would refuse.
import type { VideoStatus } from './constants';

/** The statuses a video can be in that are still listed (deleted videos are gone for everyone). */
type LiveStatus = Exclude<VideoStatus, 'deleted'>;

/** What the rules need to know about a video. */
export interface StatusFacts {
  processing_status: VideoStatus;
  previous_status: VideoStatus | null;
}

/**
 * By-hand targets and the statuses they may be set from. pending, processing, completed and failed are
 * missing on purpose: only processing requests and the processing job set them (the exception is an
 * unmark, below, which returns to whatever status was there before the mark).
 */
export const MANUAL_STATUS_RULES: Readonly<
  Partial<Record<LiveStatus, { from: 'any-other' | readonly LiveStatus[]; offer: string }>>
> = {
  kiv: { from: 'any-other', offer: 'Mark KIV is offered for any status but kiv' },
  disqualified: { from: 'any-other', offer: 'Disqualify is offered for any status but disqualified' },
  reviewed: { from: 'any-other', offer: 'Mark Reviewed is offered for any status but reviewed' },
  labelled: { from: ['completed', 'reviewed'], offer: 'Mark Labelled is offered only from completed or reviewed' },
};

/** Marks that an unmark undoes, returning the video to where it was before. */
export const UNMARKABLE_STATUSES: readonly VideoStatus[] = ['kiv', 'disqualified'];

/** Previous statuses an unmark cannot return to: a mark, a transient state or a removal. */
const NOT_RETURNABLE: readonly VideoStatus[] = ['processing', 'deleted', 'kiv', 'disqualified'];

/** Where Unmark KIV / Unmark Disqualified goes: the previous status, or pending if none is usable. */
export function unmarkTarget(v: StatusFacts): VideoStatus {
  const p = v.previous_status;
  return !p || NOT_RETURNABLE.includes(p) ? 'pending' : p;
}

/** True when `to` is the unmark of the video's current mark. */
const isUnmark = (v: StatusFacts, to: VideoStatus) =>
  UNMARKABLE_STATUSES.includes(v.processing_status) && to === unmarkTarget(v);

/** Null when a person may change the video to `to`; otherwise why not, in words for the API's detail. */
export function manualStatusRefusal(v: StatusFacts, to: VideoStatus): string | null {
  const from = v.processing_status;
  if (from === 'deleted') return 'The video is deleted';
  if (isUnmark(v, to)) return null;
  const rule = to === 'deleted' ? undefined : MANUAL_STATUS_RULES[to];
  const allowed =
    rule && (rule.from === 'any-other' ? from !== to : (rule.from as readonly VideoStatus[]).includes(from));
  if (allowed) return null;
  const why = rule
    ? rule.offer
    : UNMARKABLE_STATUSES.includes(from)
      ? `unmarking ${from} returns to ${unmarkTarget(v)}`
      : `${to} is set only by processing, or by unmarking KIV or disqualified`;
  return `Cannot change ${from} to ${to}: ${why}`;
}

export const canSetStatus = (v: StatusFacts, to: VideoStatus) => manualStatusRefusal(v, to) === null;

/** What the processing offers need to know: the status and whether AI results exist. */
export interface ProcessingFacts {
  processing_status: VideoStatus;
  ai_processed_at: string | Date | null;
}

/** Start processing: pending, or reviewed without AI results. */
export const canStartProcessing = (v: ProcessingFacts) =>
  v.processing_status === 'pending' || (v.processing_status === 'reviewed' && !v.ai_processed_at);

/** Reprocess: completed, labelled, failed, or reviewed with AI results. */
export const canReprocess = (v: ProcessingFacts) =>
  ['completed', 'labelled', 'failed'].includes(v.processing_status) ||
  (v.processing_status === 'reviewed' && !!v.ai_processed_at);

/** Annotate: completed, labelled, or reviewed with AI results. */
export const canAnnotate = (v: ProcessingFacts) =>
  ['completed', 'labelled'].includes(v.processing_status) ||
  (v.processing_status === 'reviewed' && !!v.ai_processed_at);
