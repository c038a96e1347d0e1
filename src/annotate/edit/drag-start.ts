// Pointer-downs of edit mode, turned into the interaction machine's pointer.down: what is pressed (a box,
// one of its corners, a keypoint, a timeline bar's body or end, an empty part of a timeline row), the frame and the detection shown there,
// the snapping options, and how later window pointer events are read. The overlay's handles and the
// timeline call these; so does the TestEditor.
import { DEFAULT_HEIGHT, DEFAULT_WIDTH } from '../../../domain/constants';
import type { ActionSegment } from '../../../domain/types';
import type { Corner } from '../../../domain/ops/box-geometry';
import type { DragTarget, ToPoint } from '../../../machines/interaction-types';
import type { EditorCore } from '../editor/editor-core';
import type { CompactDetection } from '../document/types';
import { shownAt } from '../document/interpolate';
import { nextTrackId } from '../commands/key-tests';

/** Screen pixels a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD_PX = 3;

/**
 * A press on the overlay, in video pixels; `scale` is screen pixels per video pixel. `source` is where the
 * drag's moves are listened for: the window unless said; null when they come through editor.dispatch.
 */
export interface OverlayPress {
  x: number;
  y: number;
  scale: number;
  toPoint: ToPoint;
  source?: EventTarget | null;
}

const px = (d: CompactDetection, w: number, h: number) => ({ x1: d.x1 * w, y1: d.y1 * h, x2: d.x2 * w, y2: d.y2 * h });

function pressOverlay(
  editor: EditorCore,
  trackId: number,
  press: OverlayPress,
  target: (shown: CompactDetection, w: number, h: number) => DragTarget | null,
): boolean {
  const doc = editor.getDoc();
  const ui = editor.getUi();
  if (ui.mode !== 'edit' || !doc) return false;
  const shown = shownAt(doc, ui, ui.frame)(trackId);
  if (!shown) return false;
  const size = { width: doc.info.width || DEFAULT_WIDTH, height: doc.info.height || DEFAULT_HEIGHT };
  const t = target(shown, size.width, size.height);
  if (!t) return false;
  editor.updateUi({ selectedTrackId: trackId });
  editor.pointerDown({
    target: t,
    x: press.x,
    y: press.y,
    frame: ui.frame,
    shown,
    toPoint: press.toPoint,
    source: press.source,
    options: { grid: ui.toggles.snapGrid, size, threshold: DRAG_THRESHOLD_PX / press.scale },
  });
  return true;
}

/**
 * A press on an empty area of the frame (or anywhere while the 'New box' tool is on) draws a box: into the
 * selected track when it has no box at this frame, else as the first keyframe of a new track.
 */
export function pressDraw(editor: EditorCore, press: OverlayPress): boolean {
  const doc = editor.getDoc();
  const ui = editor.getUi();
  if (ui.mode !== 'edit' || !doc) return false;
  const sel = ui.selectedTrackId;
  const into = sel !== null && doc.trackIds.includes(sel) && !shownAt(doc, ui, ui.frame)(sel);
  const size = { width: doc.info.width || DEFAULT_WIDTH, height: doc.info.height || DEFAULT_HEIGHT };
  editor.pointerDown({
    target: { kind: 'draw', trackId: into ? sel : nextTrackId(doc.trackIds), newTrack: !into },
    x: press.x,
    y: press.y,
    frame: ui.frame,
    shown: null,
    toPoint: press.toPoint,
    source: press.source,
    options: { grid: ui.toggles.snapGrid, size, threshold: DRAG_THRESHOLD_PX / press.scale },
  });
  return true;
}

/** The box body (move) or one of its corners (resize) of a shown track; with the 'New box' tool, a draw. */
export function pressBox(editor: EditorCore, trackId: number, part: 'body' | Corner, press: OverlayPress): boolean {
  if (editor.getUi().drawTool) return pressDraw(editor, press);
  editor.updateUi({ selectedKeypoint: null });
  return pressOverlay(editor, trackId, press, (shown, w, h) =>
    part === 'body'
      ? { kind: 'box', trackId, box: px(shown, w, h) }
      : { kind: 'corner', trackId, box: px(shown, w, h), corner: part },
  );
}

/** One keypoint of a shown track (it becomes the selected joint). */
export function pressKeypoint(editor: EditorCore, trackId: number, index: number, press: OverlayPress): boolean {
  if (editor.getUi().mode === 'edit') editor.updateUi({ selectedKeypoint: index });
  return pressOverlay(editor, trackId, press, (shown, w, h) =>
    shown.keypoints
      ? { kind: 'keypoint', trackId, index, x: shown.keypoints[index * 3] * w, y: shown.keypoints[index * 3 + 1] * h }
      : null,
  );
}

/** A press on a timeline bar: the 6 px at either end count as edges (resize), the rest moves it. */
export interface BarPress {
  segment: ActionSegment;
  part: 'start' | 'end' | 'body';
  /** Time under the pointer in seconds, the timeline's pixels per second, and the pointer's clientX. */
  time: number;
  pxPerSecond: number;
  clientX: number;
  /** Seconds the timeline shows now (it zooms): the snap step follows it. Default: the whole video. */
  visibleSpan?: number;
}

/**
 * Edit mode: selects the bar and starts a move / resize (snapping to the timeline step of the visible
 * span and to the playhead within 0.2 s when the toggles are on; length ≥ 0.1 s; 0 … duration). A click
 * without movement seeks to its start. Returns false outside edit mode (the view's click applies).
 */
export function pressBar(editor: EditorCore, e: BarPress): boolean {
  const doc = editor.getDoc();
  const ui = editor.getUi();
  if (ui.mode !== 'edit' || !doc || e.pxPerSecond <= 0) return false;
  const seg = e.segment;
  editor.updateUi({ selectedSegmentId: seg.id, selectedTrackId: seg.track_id });
  const span = { start: seg.start_time, end: seg.end_time };
  const duration = doc.info.duration;
  const target: DragTarget =
    e.part === 'body'
      ? { kind: 'segment', segmentId: seg.id, span }
      : { kind: 'segmentEdge', segmentId: seg.id, span, edge: e.part };
  editor.pointerDown({
    target,
    x: e.time,
    y: 0,
    frame: ui.frame,
    shown: null,
    toPoint: (m) => ({ x: e.time + (m.clientX - e.clientX) / e.pxPerSecond, y: 0 }),
    options: {
      grid: false,
      size: { width: 0, height: 0 },
      duration,
      threshold: DRAG_THRESHOLD_PX / e.pxPerSecond,
      snap: {
        snapTimeline: ui.toggles.snapTimeline,
        snapPlayhead: ui.toggles.snapPlayhead,
        visibleSpan: e.visibleSpan ?? duration,
        playhead: ui.time,
      },
    },
  });
  return true;
}

/** A press on an empty part of a track's timeline row. */
export type RowPress = Omit<BarPress, 'segment' | 'part'> & { trackId: number };

/**
 * Selects the row's track. In edit mode a drag from here creates an action of that track over the dragged
 * span (the interaction machine's segmentCreate) and a click seeks; in view mode the press seeks at once.
 */
export function pressRow(editor: EditorCore, e: RowPress): void {
  const doc = editor.getDoc();
  const ui = editor.getUi();
  if (!doc) return;
  editor.updateUi({ selectedTrackId: e.trackId, selectedSegmentId: null });
  if (ui.mode !== 'edit' || e.pxPerSecond <= 0) {
    void editor.player.seekTime(e.time);
    return;
  }
  const duration = doc.info.duration;
  editor.pointerDown({
    target: { kind: 'segmentNew', trackId: e.trackId, at: e.time },
    x: e.time,
    y: 0,
    frame: ui.frame,
    shown: null,
    toPoint: (m) => ({ x: e.time + (m.clientX - e.clientX) / e.pxPerSecond, y: 0 }),
    options: {
      grid: false,
      size: { width: 0, height: 0 },
      duration,
      threshold: DRAG_THRESHOLD_PX / e.pxPerSecond,
      snap: {
        snapTimeline: ui.toggles.snapTimeline,
        snapPlayhead: ui.toggles.snapPlayhead,
        visibleSpan: e.visibleSpan ?? duration,
        playhead: ui.time,
      },
    },
  });
}
