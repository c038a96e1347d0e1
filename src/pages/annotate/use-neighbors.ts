// Prev/Next video ids in the library's order and filters (saved list state); failures are ignored.
import { useEffect, useState } from 'react';
import { fetchNeighbors, type Neighbors } from '../../api/annotate';
import { readListState } from '../../../machines/listState';
import { filtersFromState, safeSessionStorage } from '../library/libraryParams';

export function useNeighbors(videoId: number): Neighbors {
  const [n, setN] = useState<Neighbors>({ prev_id: null, next_id: null });
  useEffect(() => {
    const abort = new AbortController();
    setN({ prev_id: null, next_id: null });
    const saved = readListState(safeSessionStorage(), Date.now(), false);
    const filters = saved ? filtersFromState(saved) : {};
    fetchNeighbors(videoId, filters, abort.signal).then(setN, () => { /* silently ignored */ });
    return () => abort.abort();
  }, [videoId]);
  return n;
}
