// Presses, turned into the interaction machine's pointer.down: what is pressed (a box, one of its corners,
// a joint, the empty picture, a timeline bar's body or end, an empty part of a timeline row), the frame and
// the detection shown there, the id a new person would get, the snapping options, and how later pointer
// events are read. The machine's tools decide what the press does (machines/interaction.ts). Canvas input
// and the timeline call these; so does the TestEditor.
import { DEFAULT_HEIGHT, DEFAULT_WIDTH } from '../../../domain/constants';
import type { ActionSegment } from '../../../domain/types';
import type { DragOptions, DragTarget } from '../../../machines/interaction-types';
import type { EditorCore } from '../editor/editor-core';
import type { CompactDetection, EditorDoc } from '../document/types';
import { shownAt } from '../document/interpolate';
import { nextTrackId } from '../commands/key-tests';
import type { OverlayHit } from '../canvas/hit-test';

/** Screen pixels a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD_PX = 3;

/** A press on the overlay: in video pixels (x, y) and screen pixels (sx, sy); `scale` is screen px per video px. */
export interface OverlayPress {
  x: number;
  y: number;
  sx: number;
  sy: number;
  scale: number;
  /** A middle-button press or a Space drag: a pan in any tool. */
  pan?: boolean;
}

const px = (d: CompactDetection, w: number, h: number) => ({ x1: d.x1 * w, y1: d.y1 * h, x2: d.x2 * w, y2: d.y2 * h });
const sizeOf = (doc: EditorDoc) => ({
  width: doc.info.width || DEFAULT_WIDTH,
  height: doc.info.height || DEFAULT_HEIGHT,
});

/** The target a hit on the picture presses, with the detection shown there; null when it shows none now. */
function overlayTarget(
  doc: EditorDoc,
  shown: (trackId: number) => CompactDetection | null,
  hit: Exclude<OverlayHit, { kind: 'outside' }>,
): { target: DragTarget; shown: CompactDetection | null } | null {
  if (hit.kind === 'empty') return { target: { kind: 'canvas' }, shown: null };
  const d = shown(hit.trackId);
  if (!d) return null;
  const { width: w, height: h } = sizeOf(doc);
  if (hit.kind === 'box') return { target: { kind: 'box', trackId: hit.trackId, box: px(d, w, h) }, shown: d };
  if (hit.kind === 'corner')
    return { target: { kind: 'corner', trackId: hit.trackId, box: px(d, w, h), corner: hit.corner }, shown: d };
  const kp = d.keypoints;
  if (!kp) return null;
  const target: DragTarget = {
    kind: 'keypoint',
    trackId: hit.trackId,
    index: hit.index,
    x: kp[hit.index * 3] * w,
    y: kp[hit.index * 3 + 1] * h,
  };
  return { target, shown: d };
}

/**
 * A press on the picture (the overlay's hit-test says what is under it). Its moves and release come
 * through editor.dispatch. A pan press works in view mode too; the others only in edit mode. Returns
 * whether the machine took it.
 */
export function pressOverlay(editor: EditorCore, hit: OverlayHit, press: OverlayPress): boolean {
  const doc = editor.getDoc();
  const ui = editor.getUi();
  if (!doc) return false;
  const panning = press.pan || editor.interaction.getSnapshot().context.tool === 'pan';
  if (!panning && (ui.mode !== 'edit' || hit.kind === 'outside')) return false;
  const pressed = (hit.kind !== 'outside' && overlayTarget(doc, shownAt(doc, ui, ui.frame), hit)) || {
    target: { kind: 'canvas' } as DragTarget,
    shown: null,
  };
  editor.pointerDown({
    ...pressed,
    x: press.x,
    y: press.y,
    sx: press.sx,
    sy: press.sy,
    pan: press.pan,
    frame: ui.frame,
    newTrackId: nextTrackId(doc.trackIds),
    toPoint: (m) => editor.viewport.toVideo({ x: m.clientX, y: m.clientY }),
    source: null,
    options: { grid: ui.toggles.snapGrid, size: sizeOf(doc), threshold: DRAG_THRESHOLD_PX / press.scale },
  });
  return editor.interaction.getSnapshot().context.down !== null;
}

/** Where a timeline press is (seconds under the pointer, pixels per second, the pointer's clientX). */
interface TimelinePress {
  time: number;
  pxPerSecond: number;
  clientX: number;
  /** Seconds the timeline shows now (it zooms): the snap step follows it. Default: the whole video. */
  visibleSpan?: number;
}

/** A press on a timeline bar: the 6 px at either end count as edges (resize), the rest moves it. */
export interface BarPress extends TimelinePress {
  segment: ActionSegment;
  part: 'start' | 'end' | 'body';
}

/** A press on an empty part of a track's timeline row. */
export interface RowPress extends TimelinePress {
  trackId: number;
}

/**
 * Sends a timeline press (edit mode): read in seconds from the window's pointer events, snapping to the
 * timeline step of the visible span and to the playhead within 0.2 s when the toggles are on, within
 * 0 … duration. A drag past 3 px moves, resizes or creates; a click seeks.
 */
function pressTimeline(editor: EditorCore, doc: EditorDoc, target: DragTarget, e: TimelinePress): void {
  const ui = editor.getUi();
  const duration = doc.info.duration;
  const options: DragOptions = {
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
  };
  editor.pointerDown({
    target,
    x: e.time,
    y: 0,
    frame: ui.frame,
    shown: null,
    newTrackId: nextTrackId(doc.trackIds),
    toPoint: (m) => ({ x: e.time + (m.clientX - e.clientX) / e.pxPerSecond, y: 0 }),
    options,
  });
}

/**
 * Edit mode: selects the bar and starts a move / resize; a click without movement seeks to its start.
 * Returns false outside edit mode (the view's click applies).
 */
export function pressBar(editor: EditorCore, e: BarPress): boolean {
  const doc = editor.getDoc();
  if (editor.getUi().mode !== 'edit' || !doc || e.pxPerSecond <= 0) return false;
  const seg = e.segment;
  const span = { start: seg.start_time, end: seg.end_time };
  const target: DragTarget =
    e.part === 'body'
      ? { kind: 'segment', segmentId: seg.id, trackId: seg.track_id, span }
      : { kind: 'segmentEdge', segmentId: seg.id, trackId: seg.track_id, span, edge: e.part };
  pressTimeline(editor, doc, target, e);
  return true;
}

/**
 * Selects the row's track. In edit mode a drag from here creates an action of that track over the dragged
 * span (the timeline tool's creatingSegment) and a click seeks; in view mode the press seeks at once.
 */
export function pressRow(editor: EditorCore, e: RowPress): void {
  const doc = editor.getDoc();
  if (!doc) return;
  if (editor.getUi().mode !== 'edit' || e.pxPerSecond <= 0) {
    editor.updateUi({ selectedTrackId: e.trackId, selectedSegmentId: null });
    void editor.player.seekTime(e.time);
    return;
  }
  pressTimeline(editor, doc, { kind: 'segmentNew', trackId: e.trackId, at: e.time }, e);
}
