// What a reload of the Annotate screen brings back (view-memory.ts) and how the Review Queue's order
// becomes Prev/Next (queue-context.ts); both live in the tab's sessionStorage.
/** @vitest-environment jsdom */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  frameFromSearch,
  readViewMemory,
  searchWithFrame,
  viewMemoryKey,
  writeViewMemory,
} from '../../src/pages/annotate/view-memory';
import {
  neighborsIn,
  queueContextFrom,
  queueSearch,
  readQueueOrder,
  saveQueueOrder,
} from '../../src/pages/annotate/queue-context';

beforeEach(() => sessionStorage.clear());

describe('view memory', () => {
  it('keeps mode and hidden tracks per video, and leaves the zoom field to its owner', () => {
    writeViewMemory(7, { zoom: { scale: 2, x: 10, y: 5 } });
    writeViewMemory(7, { mode: 'edit', hiddenTracks: [2, 3] });
    expect(readViewMemory(7)).toEqual({ mode: 'edit', hiddenTracks: [2, 3], zoom: { scale: 2, x: 10, y: 5 } });
    expect(readViewMemory(8)).toEqual({});
  });

  it('ignores broken or foreign values', () => {
    sessionStorage.setItem(viewMemoryKey(7), '{not json');
    expect(readViewMemory(7)).toEqual({});
    sessionStorage.setItem(viewMemoryKey(7), JSON.stringify({ mode: 'draw', hiddenTracks: [1, 'x', 2.5, 4] }));
    expect(readViewMemory(7)).toEqual({ hiddenTracks: [1, 4] });
  });

  it('reads ?frame= as a whole frame number and writes it next to the other parameters', () => {
    expect(frameFromSearch('?frame=120')).toBe(120);
    expect(frameFromSearch('?frame=-3')).toBeNull();
    expect(frameFromSearch('?frame=1.5')).toBeNull();
    expect(frameFromSearch('')).toBeNull();
    expect(searchWithFrame('?from=review-queue', 42)).toBe('?from=review-queue&frame=42');
    expect(searchWithFrame('?frame=42', 0)).toBe('');
  });
});

describe('review queue context', () => {
  it('is read from the URL the queue opens a video with', () => {
    const ctx = { status: 'pending' as const, scope: 'all' as const };
    expect(queueContextFrom(queueSearch(ctx))).toEqual(ctx);
    expect(queueContextFrom('?frame=3')).toBeNull();
    expect(queueContextFrom('?from=review-queue&status=bogus')).toEqual({ status: 'all', scope: 'mine' });
    const issues = { status: 'all' as const, scope: 'mine' as const, issues: true };
    expect(queueContextFrom(queueSearch(issues))).toEqual(issues);
  });

  it('walks the saved queue order, saved for the same filter and scope only', () => {
    const ctx = { status: 'all' as const, scope: 'mine' as const };
    saveQueueOrder(ctx, [9, 4, 7]);
    const order = readQueueOrder(ctx)!;
    expect(neighborsIn(order, 4)).toEqual({ prev_id: 9, next_id: 7 });
    expect(neighborsIn(order, 9)).toEqual({ prev_id: null, next_id: 4 });
    expect(neighborsIn(order, 7)).toEqual({ prev_id: 4, next_id: null });
    expect(neighborsIn(order, 5)).toBeNull();
    expect(readQueueOrder({ status: 'pending', scope: 'mine' })).toBeNull();
  });
});
