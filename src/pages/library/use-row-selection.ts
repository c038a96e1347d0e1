// Rows picked for assignment. Ids that leave the list (a filter changed, a reload) drop out, so the
// bar never acts on rows the user cannot see.
import { useCallback, useMemo, useState } from 'react';
import type { Video } from '../../../domain/types';

export function useRowSelection(videos: Video[]) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const selected = useMemo(() => {
    const present = new Set(videos.map((v) => v.id));
    return new Set([...picked].filter((id) => present.has(id)));
  }, [picked, videos]);
  const toggle = useCallback(
    (ids: number[], on: boolean) =>
      setPicked((prev) => {
        const next = new Set(prev);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setPicked(new Set()), []);
  return { selected, ids: useMemo(() => [...selected].sort((a, b) => a - b), [selected]), toggle, clear };
}
