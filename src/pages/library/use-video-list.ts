// Loads the library in blocks of 1000: the first rows show as soon as the first block arrives
// while the rest stream in. A failure shows the message (or 'Failed to load videos') and empties the list.
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadAllVideos, type VideoListFilters } from '../../api/videos';
import type { Video } from '../../../domain/types';

export interface VideoList {
  videos: Video[];
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Replaces one row in place (status changes, polling). */
  patchVideo: (id: number, patch: Partial<Video>) => void;
}

export function useVideoList(filters: VideoListFilters, enabled = true): VideoList {
  const [videos, setVideos] = useState<Video[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(filters);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    let acc: Video[] = [];
    setLoading(true);
    setError(null);
    setVideos([]);
    loadAllVideos(
      filtersRef.current,
      (block) => {
        acc = acc.concat(block);
        setVideos(acc);
      },
      ctrl.signal,
    )
      .then(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      })
      .catch((e: Error) => {
        if (ctrl.signal.aborted || e.name === 'AbortError') return;
        setVideos([]);
        setError(e.message || 'Failed to load videos');
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [key, generation, enabled]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const patchVideo = useCallback((id: number, patch: Partial<Video>) => {
    setVideos((list) => {
      const i = list.findIndex((v) => v.id === id);
      if (i < 0) return list;
      const next = list.slice();
      next[i] = { ...next[i], ...patch };
      return next;
    });
  }, []);
  return { videos, loading, error, reload, patchVideo };
}
