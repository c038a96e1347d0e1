// Offers per status (spec part 1 §4), as pure functions the library (and annotate screen) share.
import type { VideoStatus } from '../../../domain/constants';
import type { Video } from '../../../domain/types';

type V = Pick<Video, 'processing_status' | 'ai_processed_at' | 'previous_status'>;

export const canStartProcessing = (v: V) =>
  v.processing_status === 'pending' || (v.processing_status === 'reviewed' && !v.ai_processed_at);

export const canReprocess = (v: V) =>
  ['completed', 'labelled', 'failed'].includes(v.processing_status) || (v.processing_status === 'reviewed' && !!v.ai_processed_at);

export const canAnnotate = (v: V) =>
  ['completed', 'labelled'].includes(v.processing_status) || (v.processing_status === 'reviewed' && !!v.ai_processed_at);

export const canMarkReviewed = (v: V) => v.processing_status !== 'reviewed';

/** Where Unmark KIV / Unmark Disqualified goes: the previous status, or pending if none is usable. */
export function unmarkTarget(v: V): VideoStatus {
  const p = v.previous_status;
  if (!p || p === 'processing' || p === 'deleted' || p === 'kiv' || p === 'disqualified') return 'pending';
  return p;
}
