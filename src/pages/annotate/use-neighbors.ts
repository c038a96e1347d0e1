// Prev/Next video ids: in the Review Queue's order when the video was opened from the queue
// (queue-context.ts), else in the library's order and filters (saved list state). Failures are ignored.
import { useEffect, useState } from 'react';
import { fetchNeighbors, type Neighbors } from '../../api/annotate';
import { fetchReviewQueue } from '../../api/review';
import { readListState } from '../../../machines/list-state';
import { filtersFromState, safeSessionStorage } from '../library/library-params';
import { neighborsIn, readQueueOrder, type QueueContext } from './queue-context';

const NONE: Neighbors = { prev_id: null, next_id: null };
/** The most the queue answers in one page. */
const QUEUE_LIMIT = 500;

export function useNeighbors(videoId: number, queue: QueueContext | null = null): Neighbors {
  const [n, setN] = useState<Neighbors>(NONE);
  const status = queue?.status;
  const scope = queue?.scope;
  const issues = queue?.issues ?? false;
  useEffect(() => {
    const abort = new AbortController();
    setN(NONE);
    if (status && scope) {
      const saved = readQueueOrder({ status, scope, issues });
      const fromSaved = saved && neighborsIn(saved, videoId);
      if (fromSaved) setN(fromSaved);
      else {
        fetchReviewQueue({ status, scope, hasOpenIssues: issues, limit: QUEUE_LIMIT, offset: 0 }).then(
          (q) => {
            if (!abort.signal.aborted)
              setN(
                neighborsIn(
                  q.items.map((i) => i.id),
                  videoId,
                ) ?? NONE,
              );
          },
          () => {
            /* silently ignored */
          },
        );
      }
      return () => abort.abort();
    }
    const state = readListState(safeSessionStorage(), Date.now(), false);
    const filters = state ? filtersFromState(state) : {};
    fetchNeighbors(videoId, filters, abort.signal).then(setN, () => {
      /* silently ignored */
    });
    return () => abort.abort();
  }, [videoId, status, scope, issues]);
  return n;
}
