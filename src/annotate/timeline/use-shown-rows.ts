// The timeline's rows: every track, or with 'Near playhead' on only those present around the playhead.
import { useMemo, useSyncExternalStore } from 'react';
import { useEditor } from '../editor/editor-context';
import { tracksNear } from './rows-near';

/** The rows shown: every track, or with the filter on those near the playhead (a new list only when it changes). */
export function useShownRows(trackIds: readonly number[], near: boolean): number[] {
  const editor = useEditor();
  const read = () => {
    const doc = editor.getDoc();
    const ui = editor.getUi();
    if (!near || !doc) return trackIds.join(',');
    return tracksNear(trackIds, doc.trackRanges, ui.frame, doc.info.fps, ui.selectedTrackId).join(',');
  };
  const key = useSyncExternalStore(
    (cb) => {
      const a = editor.ui.subscribe(cb);
      const b = editor.doc.subscribe(cb);
      return () => {
        a();
        b();
      };
    },
    read,
    read,
  );
  return useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
}
