// Keeps the header's copy of the video fresh while the screen is open: status changes made here arrive
// through the Actions menu at once; changes made elsewhere (processing finishing, a reprocess, someone
// else marking it) are read again every few seconds, more often while processing is under way.
import { useEffect, useRef } from 'react';
import type { Video } from '../../../domain/types';
import { request } from '../../api/request';

const BUSY_MS = 3000;
const IDLE_MS = 15000;
const busy = (v: Video) => v.processing_status === 'pending' || v.processing_status === 'processing';

export function useVideoStatusFollow(video: Video | null, setVideo: (v: Video) => void): void {
  const latest = useRef(video);
  latest.current = video;
  const id = video?.id ?? null;
  const isBusy = video ? busy(video) : false;
  useEffect(() => {
    if (id === null) return;
    const abort = new AbortController();
    const timer = setInterval(
      () => {
        request<Video>(`/api/v1/videos/${id}`, { signal: abort.signal, cache: 'no-store' }).then(
          (v) => {
            const cur = latest.current;
            if (
              !abort.signal.aborted &&
              cur?.id === v.id &&
              (cur.processing_status !== v.processing_status || cur.progress !== v.progress)
            )
              setVideo(v);
          },
          () => {
            /* a missed poll is read again next time */
          },
        );
      },
      isBusy ? BUSY_MS : IDLE_MS,
    );
    return () => {
      clearInterval(timer);
      abort.abort();
    };
  }, [id, isBusy, setVideo]);
}
