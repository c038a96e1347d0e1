// Timeline bars in edit mode: drag the body to move, an end to resize: snapping to the
// timeline step of the visible span and to the playhead within 0.2 s when the toggles are on; length
// ≥ 0.1 s; 0 … duration. A click without movement still selects the bar and seeks to its start.
import type { BarPointerEvent } from '../slots';
import { getDoc } from '../document/store';
import { getUi, setUi } from '../document/ui-store';
import { player } from '../player/player-controller';
import { endDrag, moveDrag, startDrag, interaction } from './interaction-host';

export function onBarPointerDown(e: BarPointerEvent): void {
  const ui = getUi();
  const doc = getDoc();
  if (ui.mode !== 'edit' || !doc || e.pxPerSecond <= 0) return;
  e.preventDefault();
  const seg = e.segment;
  setUi({ selectedSegmentId: seg.id, selectedTrackId: seg.track_id });
  const span = { start: seg.start_time, end: seg.end_time };
  const duration = doc.info.duration;
  const target = e.part === 'body'
    ? { kind: 'segment' as const, segmentId: seg.id, span }
    : { kind: 'segmentEdge' as const, segmentId: seg.id, span, edge: e.part };
  startDrag(target, e.time, 0, {
    grid: false, size: { width: 0, height: 0 }, duration, threshold: 3 / e.pxPerSecond,
    // The whole video is visible on the timeline, so the visible span is the duration.
    snap: { snapTimeline: ui.toggles.snapTimeline, snapPlayhead: ui.toggles.snapPlayhead, visibleSpan: duration, playhead: ui.time },
  });
  let dragged = false;
  const onMove = (m: PointerEvent) => {
    moveDrag(e.time + (m.clientX - e.clientX) / e.pxPerSecond, 0);
    if (interaction.getSnapshot().matches('dragging')) dragged = true;
  };
  const onUp = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    endDrag();
    if (!dragged) void player.seekTime(seg.start_time);
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onUp);
}
