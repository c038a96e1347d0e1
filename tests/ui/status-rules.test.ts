// Offers per status (spec part 1 §4) used by the library row menu, preview and annotate actions.
import { describe, expect, it } from 'vitest';
import { canAnnotate, canMarkReviewed, canReprocess, canStartProcessing, unmarkTarget } from '../../src/pages/library/statusRules';
import type { VideoStatus } from '../../domain/constants';

const v = (s: VideoStatus, processed = false, previous: VideoStatus | null = null) => ({ processing_status: s, ai_processed_at: processed ? '2026-01-01T00:00:00Z' : null, previous_status: previous });

describe('status offers', () => {
  it('offers Start processing for pending, and reviewed without AI results', () => {
    expect(canStartProcessing(v('pending'))).toBe(true);
    expect(canStartProcessing(v('reviewed'))).toBe(true);
    expect(canStartProcessing(v('reviewed', true))).toBe(false);
    for (const s of ['completed', 'labelled', 'failed', 'processing', 'kiv'] as const) expect(canStartProcessing(v(s))).toBe(false);
  });

  it('offers Reprocess for completed, labelled, failed, and reviewed with AI results', () => {
    for (const s of ['completed', 'labelled', 'failed'] as const) expect(canReprocess(v(s))).toBe(true);
    expect(canReprocess(v('reviewed', true))).toBe(true);
    expect(canReprocess(v('reviewed'))).toBe(false);
    expect(canReprocess(v('pending'))).toBe(false);
  });

  it('offers Annotate for completed, labelled, and reviewed with AI results', () => {
    expect(canAnnotate(v('completed'))).toBe(true);
    expect(canAnnotate(v('labelled'))).toBe(true);
    expect(canAnnotate(v('reviewed', true))).toBe(true);
    expect(canAnnotate(v('reviewed'))).toBe(false);
    expect(canAnnotate(v('failed'))).toBe(false);
  });

  it('disables Mark Reviewed once reviewed', () => {
    expect(canMarkReviewed(v('reviewed'))).toBe(false);
    expect(canMarkReviewed(v('completed'))).toBe(true);
  });

  it('unmarks back to the previous status, or pending when none is usable', () => {
    expect(unmarkTarget(v('kiv', false, 'completed'))).toBe('completed');
    expect(unmarkTarget(v('disqualified', false, 'reviewed'))).toBe('reviewed');
    expect(unmarkTarget(v('kiv', false, null))).toBe('pending');
    expect(unmarkTarget(v('kiv', false, 'processing'))).toBe('pending');
    expect(unmarkTarget(v('kiv', false, 'disqualified'))).toBe('pending');
  });
});
