// What a pointer over the timeline's rows means: the cursor it shows (a resize cursor on a bar's ends in
// edit mode, a move cursor on its body, a crosshair on an empty row where a drag creates an action) and
// what a press does (tools/press.ts for the drags).
import type { AnnotationEditor } from '../editor/annotation-editor';
import { pressBar, pressRow } from '../tools/press';
import { AXIS_H, hitTest, pxPerSecond, type TimelineHit, type TimelineLayout } from './timeline-draw';

export function cursorFor(hit: TimelineHit, inAxis: boolean, mode: 'view' | 'edit'): string {
  if (inAxis || hit.trackId === null) return 'pointer';
  if (mode !== 'edit') return 'pointer';
  if (hit.segment) return hit.part === 'body' ? 'grab' : 'ew-resize';
  return 'crosshair';
}

/** The hit under content pixel (x, y); `scrollY` keeps the axis at the top of the view. */
export function hitAt(
  editor: AnnotationEditor,
  layout: TimelineLayout,
  x: number,
  y: number,
): { hit: TimelineHit; inAxis: boolean } | null {
  const doc = editor.getDoc();
  if (!doc) return null;
  const ui = editor.getUi();
  const inAxis = y - (layout.scrollY ?? 0) < AXIS_H;
  return {
    hit: hitTest(
      layout,
      { segments: doc.segments, hidden: ui.hiddenTracks, selectedSegmentId: ui.selectedSegmentId },
      x,
      y,
    ),
    inAxis,
  };
}

/**
 * A press: on a bar, select it and (edit mode) start its move / resize, else seek to its start; on an empty
 * part of a row, select the track and seek there, or (edit mode) start creating an action; on the axis, seek.
 */
export function pressTimeline(
  editor: AnnotationEditor,
  layout: TimelineLayout,
  x: number,
  y: number,
  clientX: number,
): void {
  const at = hitAt(editor, layout, x, y);
  if (!at) return;
  const { hit, inAxis } = at;
  const pps = pxPerSecond(layout);
  const visibleSpan = layout.viewSpan ?? layout.duration;
  if (inAxis || hit.trackId === null) {
    void editor.player.seekTime(hit.time);
    return;
  }
  if (hit.segment) {
    if (
      pressBar(editor, { segment: hit.segment, part: hit.part, time: hit.time, pxPerSecond: pps, clientX, visibleSpan })
    )
      return;
    editor.updateUi({ selectedSegmentId: hit.segment.id, selectedTrackId: hit.segment.track_id });
    void editor.player.seekTime(hit.segment.start_time);
    return;
  }
  pressRow(editor, { trackId: hit.trackId, time: hit.time, pxPerSecond: pps, clientX, visibleSpan });
}
