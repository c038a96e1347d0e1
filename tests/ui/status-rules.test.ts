// Offers per status used by the library row menu, preview and annotate actions, read from the same table
// of rules the server enforces.
import { describe, expect, it } from 'vitest';
import {
  canAnnotate,
  canMarkLabelled,
  canMarkReviewed,
  canReprocess,
  canStartProcessing,
  unmarkTarget,
} from '../../src/pages/library/status-rules';
import { manualStatusRefusal } from '../../domain/status-rules';
import { VIDEO_STATUSES, type VideoStatus } from '../../domain/constants';

const v = (s: VideoStatus, processed = false, previous: VideoStatus | null = null) => ({
  processing_status: s,
  ai_processed_at: processed ? '2026-01-01T00:00:00Z' : null,
  previous_status: previous,
});

describe('status offers', () => {
  it('offers Start processing for pending, and reviewed without AI results', () => {
    expect(canStartProcessing(v('pending'))).toBe(true);
    expect(canStartProcessing(v('reviewed'))).toBe(true);
    expect(canStartProcessing(v('reviewed', true))).toBe(false);
    for (const s of ['completed', 'labelled', 'failed', 'processing', 'kiv'] as const)
      expect(canStartProcessing(v(s))).toBe(false);
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

  it('offers Mark Labelled only from completed or reviewed, to a signed-in user', () => {
    expect(canMarkLabelled(v('completed'), true)).toBe(true);
    expect(canMarkLabelled(v('reviewed'), true)).toBe(true);
    expect(canMarkLabelled(v('completed'), false)).toBe(false);
    for (const s of ['pending', 'failed', 'labelled', 'kiv', 'processing'] as const)
      expect(canMarkLabelled(v(s), true)).toBe(false);
  });
});

describe('the server rules behind the offers', () => {
  it('accepts every unmark the menus send, and nothing else from a mark but the other marks and reviewed', () => {
    expect(manualStatusRefusal(v('kiv', false, 'failed'), unmarkTarget(v('kiv', false, 'failed')))).toBeNull();
    expect(manualStatusRefusal(v('disqualified', false, null), 'pending')).toBeNull();
    expect(manualStatusRefusal(v('kiv', false, 'failed'), 'completed')).toBe(
      'Cannot change kiv to completed: unmarking kiv returns to failed',
    );
    expect(manualStatusRefusal(v('kiv', false, 'failed'), 'disqualified')).toBeNull();
    expect(manualStatusRefusal(v('kiv', false, 'failed'), 'reviewed')).toBeNull();
  });

  it('leaves pending, completed and failed to processing', () => {
    for (const from of VIDEO_STATUSES.filter((s) => s !== 'kiv' && s !== 'disqualified')) {
      for (const to of ['pending', 'completed', 'failed', 'processing', 'unknown'] as const) {
        expect(manualStatusRefusal(v(from), to), `${from} → ${to}`).toMatch(/^Cannot change/);
      }
    }
  });

  it('refuses every change to a deleted video', () => {
    expect(manualStatusRefusal(v('deleted'), 'kiv')).toBe('The video is deleted');
  });
});
