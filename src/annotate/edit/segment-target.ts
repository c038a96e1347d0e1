// Where 'Add Action Here' puts the new action: on the selected track when it is present at the playhead,
// else on the first shown track present there; from the playhead for the default length, clipped to the
// end of that track's span and of the video. With no track at the playhead there is no sensible target:
// the button says why instead.
import { NEW_SEGMENT_LENGTH_S } from '../../../domain/constants';
import { newSegmentSpan, type Span } from '../../../domain/ops/segment-time';
import type { EditorDoc } from '../document/types';
import type { AnnotateUiState } from '../document/ui-state';

export type AddSegmentTarget = { trackId: number; span: Span; reason?: undefined } | { reason: string };

export const NO_TRACKS = 'No tracks to attach action';
export const NO_TRACK_HERE = 'No track at the playhead: go to a frame where a person is tracked';

export function addSegmentTarget(
  doc: EditorDoc,
  ui: Pick<AnnotateUiState, 'frame' | 'time' | 'selectedTrackId' | 'hiddenTracks'>,
): AddSegmentTarget {
  if (doc.trackIds.length === 0) return { reason: NO_TRACKS };
  const present = (t: number) => {
    const r = doc.trackRanges[t];
    return !!r && r.first <= ui.frame && ui.frame <= r.last;
  };
  const here = doc.trackIds.filter(present);
  const sel = ui.selectedTrackId;
  const trackId =
    sel !== null && here.includes(sel) ? sel : (here.find((t) => !ui.hiddenTracks.includes(t)) ?? here[0]);
  if (trackId === undefined) return { reason: NO_TRACK_HERE };
  const fps = doc.info.fps > 0 ? doc.info.fps : 30;
  const trackEnd = (doc.trackRanges[trackId].last + 1) / fps;
  const limit = doc.info.duration > 0 ? Math.min(doc.info.duration, trackEnd) : trackEnd;
  return { trackId, span: newSegmentSpan(ui.time, limit, NEW_SEGMENT_LENGTH_S) };
}
