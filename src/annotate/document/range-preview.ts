// A range edit shown before it applies (P: the frames Propagate would change): the timeline marks the range
// on the track's row and the status line says what a second press does. The preview holds while the
// playhead, the selected track and the mode stay as they were; any of them changing drops it.
import { patchStore, type Store } from '../store';
import type { AnnotateUiState, RangePreview } from './ui-state';

/** Whether `p` is the preview of this track from this frame, still standing. */
export const previewStands = (ui: AnnotateUiState, p: RangePreview | null): p is RangePreview =>
  !!p && ui.mode === 'edit' && ui.frame === p.from && ui.selectedTrackId === p.trackId;

/** Drops the preview once the playhead, the selection or the mode moves (after the change is published). */
export function dropStalePreviews(ui: Store<AnnotateUiState>): () => void {
  return ui.subscribe((s, p) => {
    const shown = s.rangePreview;
    if (!shown || shown !== p.rangePreview || previewStands(s, shown)) return;
    queueMicrotask(() => {
      if (ui.get().rangePreview === shown) patchStore(ui, { rangePreview: null });
    });
  });
}
