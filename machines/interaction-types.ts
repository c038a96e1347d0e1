// Types of the pointer interaction machine: what a press lands on, the drag options, the events, the
// context and the one command a drag becomes (see interaction.ts).
import type { Box, Corner, Size } from '../domain/ops/box-geometry';
import type { Span, TimelineSnap } from '../domain/ops/segment-time';
import type { CompactDetection } from '../domain/overlay/detection';
import type { ActionSegment } from '../domain/types';

/** The tools of the picture: select (boxes, joints, the timeline), draw (the 'New box' tool) and pan (the hand). */
export type ToolName = 'select' | 'draw' | 'pan';

export type DragTarget =
  | { kind: 'box'; trackId: number; box: Box }
  | { kind: 'corner'; trackId: number; box: Box; corner: Corner }
  | { kind: 'keypoint'; trackId: number; index: number; x: number; y: number }
  // the empty picture: a click there clears the selection, a drag draws a new person
  | { kind: 'canvas' }
  | { kind: 'segment'; segmentId: number; trackId: number; span: Span }
  | { kind: 'segmentEdge'; segmentId: number; trackId: number; span: Span; edge: 'start' | 'end' }
  // a press on an empty part of a timeline row: a new action of that track over the dragged span
  | { kind: 'segmentNew'; trackId: number; at: number };

export interface DragOptions {
  /** Snap grid toggle (8 px boxes/keypoints). */
  grid: boolean;
  size: Size;
  /** Timeline snapping and the video duration (segments). */
  snap?: TimelineSnap;
  duration?: number;
  /** Movement below this (in the event's units) is a click, not a drag. */
  threshold: number;
}

/** Reads a window pointer event in the drag's units (video pixels, or seconds on the timeline). */
export type ToPoint = (e: { clientX: number; clientY: number }) => { x: number; y: number };

/** What the pointer listener needs: where to listen (null: the host sends the moves) and how to read an event. */
export interface PointerInput {
  source: EventTarget | null;
  toPoint: ToPoint;
}

export interface PointerDownEvent {
  type: 'pointer.down';
  target: DragTarget;
  /** Where the press is, in the drag's units (video pixels; seconds on the timeline). */
  x: number;
  y: number;
  /** Where the press is on screen (viewport pixels): a pan follows these. */
  sx?: number;
  sy?: number;
  /** A middle-button press, or a left press while Space is held: a pan whatever the tool. */
  pan?: boolean;
  options: DragOptions;
  /** The frame shown and the detection shown for the target's track at pointer down (boxes, keypoints). */
  frame: number;
  shown: CompactDetection | null;
  /** The id a box drawn from this press gets when it starts a new person. */
  newTrackId: number;
  /**
   * Where the moves and the release are listened for (the window, for a timeline press), and how they are
   * read; null when the host sends them as events (the overlay's editor.dispatch does).
   */
  source: EventTarget | null;
  toPoint: ToPoint;
}

export type InteractionEvent =
  | PointerDownEvent
  | { type: 'pointer.move'; x: number; y: number; sx?: number; sy?: number }
  | { type: 'pointer.up' }
  /** Escape: a drag goes back to where it started, a tool goes back to select, a selection is cleared. */
  | { type: 'key.escape' }
  /** The drag is taken away (the pointer was lost, another video opened, view mode): back to where it started. */
  | { type: 'drag.cancel' }
  | { type: 'tool.select' }
  | { type: 'tool.pan' }
  /** The 'New box' tool; `into`: the next box redraws that track's box at this frame (then back to select). */
  | { type: 'tool.draw'; into?: number | null };

/** The one command a drag becomes, with its arguments (box and keypoint coordinates as fractions). */
export type DragEdit =
  | { name: 'box.move' | 'box.resize'; args: { trackId: number; frame: number; box: Box; shown: CompactDetection } }
  | {
      name: 'keypoint.move';
      args: { trackId: number; frame: number; index: number; x: number; y: number; shown: CompactDetection };
    }
  | { name: 'segment.move' | 'segment.resize'; args: { id: number; changes: { start_time: number; end_time: number } } }
  | { name: 'box.draw'; args: { trackId: number; frame: number; box: Box; newTrack: boolean } }
  | { name: 'segment.create'; args: { segment: ActionSegment } };

export interface InteractionContext {
  /** The chosen tool (a timeline drag or a Space / middle-button pan comes back to it). */
  tool: ToolName;
  /** With the draw tool: the track whose box the next drawing redraws (null: a new person). */
  drawInto: number | null;
  down: PointerDownEvent | null;
  point: { x: number; y: number };
  /** Screen point of the latest pan move. */
  screen: { x: number; y: number };
}
