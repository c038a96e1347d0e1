/** @vitest-environment jsdom */
// Prev/Next of a video opened from the Review Queue walk the queue's order: the order the queue showed
// (saved in the tab), or the live queue with the same filter and scope when nothing was saved.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';

const fetchReviewQueue = vi.fn();
const fetchNeighbors = vi.fn();
vi.mock('../../src/api/review', () => ({ fetchReviewQueue: (...a: unknown[]) => fetchReviewQueue(...a) }));
vi.mock('../../src/api/annotate', () => ({ fetchNeighbors: (...a: unknown[]) => fetchNeighbors(...a) }));

const { useNeighbors } = await import('../../src/pages/annotate/use-neighbors');
const { saveQueueOrder } = await import('../../src/pages/annotate/queue-context');

beforeEach(() => {
  sessionStorage.clear();
  fetchReviewQueue.mockReset();
  fetchNeighbors.mockReset();
});
afterEach(() => vi.clearAllMocks());

describe('useNeighbors', () => {
  it("walks the order the Review Queue showed, not the library's", async () => {
    saveQueueOrder({ status: 'pending', scope: 'mine' }, [30, 12, 45]);
    const { result } = renderHook(() => useNeighbors(12, { status: 'pending', scope: 'mine' }));
    await waitFor(() => expect(result.current).toEqual({ prev_id: 30, next_id: 45 }));
    expect(fetchNeighbors).not.toHaveBeenCalled();
  });

  it('reads the live queue with the same filter and scope when no order was saved', async () => {
    fetchReviewQueue.mockResolvedValue({ items: [{ id: 5 }, { id: 9 }, { id: 2 }] });
    const { result } = renderHook(() => useNeighbors(9, { status: 'all', scope: 'all' }));
    await waitFor(() => expect(result.current).toEqual({ prev_id: 5, next_id: 2 }));
    expect(fetchReviewQueue).toHaveBeenCalledWith(expect.objectContaining({ status: 'all', scope: 'all' }));
  });

  it('asks the library for neighbours when the video was not opened from the queue', async () => {
    fetchNeighbors.mockResolvedValue({ prev_id: 3, next_id: 4 });
    const { result } = renderHook(() => useNeighbors(7));
    await waitFor(() => expect(result.current).toEqual({ prev_id: 3, next_id: 4 }));
    expect(fetchReviewQueue).not.toHaveBeenCalled();
  });
});
