/** @vitest-environment jsdom */
// The Annotate header's video follows status changes made elsewhere: processing finishing (read again
// every 3 s while it runs) and a later change by someone else (every 15 s).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import type { Video } from '../../domain/types';

const request = vi.fn();
vi.mock('../../src/api/request', () => ({ request: (...a: unknown[]) => request(...a) }));
const { useVideoStatusFollow } = await import('../../src/pages/annotate/use-video-status-follow');

const video = (processing_status: string, progress: number | null = null) =>
  ({ id: 4, filename: 'walk.mp4', processing_status, progress }) as unknown as Video;

function useFollowed(initial: Video) {
  const [v, setV] = useState<Video | null>(initial);
  useVideoStatusFollow(v, setV);
  return v;
}

beforeEach(() => {
  vi.useFakeTimers();
  request.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useVideoStatusFollow', () => {
  it('shows processing finishing, then a change made elsewhere', async () => {
    const { result } = renderHook(() => useFollowed(video('processing', 40)));
    request.mockResolvedValue(video('processing', 70));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(result.current?.progress).toBe(70);
    request.mockResolvedValue(video('completed'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(result.current?.processing_status).toBe('completed');
    expect(request).toHaveBeenLastCalledWith('/api/v1/videos/4', expect.objectContaining({ cache: 'no-store' }));

    request.mockClear();
    request.mockResolvedValue(video('kiv'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(request).not.toHaveBeenCalled(); // idle videos are read less often
    await act(async () => {
      await vi.advanceTimersByTimeAsync(12000);
    });
    expect(result.current?.processing_status).toBe('kiv');
  });
});
