// Types of the pointer interaction machine: what a press lands on, the drag options, the events and
// the one command a drag becomes (see interaction.ts).
import type { Box, Corner, Size } from '../domain/ops/box-geometry';
import type { Span, TimelineSnap } from '../domain/ops/segment-time';
import type { CompactDetection } from '../domain/overlay/detection';
import type { ActionSegment } from '../domain/types';

export type DragTarget =
  | { kind: 'box'; trackId: number; box: Box }
  | { kind: 'corner'; trackId: number; box: Box; corner: Corner }
  | { kind: 'keypoint'; trackId: number; index: number; x: number; y: number }
  | { kind: 'segment'; segmentId: number; span: Span }
  | { kind: 'segmentEdge'; segmentId: number; span: Span; edge: 'start' | 'end' }
  // a press on an empty part of a timeline row: a new action of that track over the dragged span
  | { kind: 'segmentNew'; trackId: number; at: number }
  // a press on an empty area of the frame (or with the 'New box' tool): a new box from the press to the pointer
  | { kind: 'draw'; trackId: number; newTrack: boolean };

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
  x: number;
  y: number;
  options: DragOptions;
  /** The frame shown and the detection shown for the target's track at pointer down (boxes, keypoints). */
  frame: number;
  shown: CompactDetection | null;
  /**
   * Where the moves and the release are listened for (the window), and how they are read; null when the
   * host sends them as events (the overlay's editor.dispatch does).
   */
  source: EventTarget | null;
  toPoint: ToPoint;
}

export type InteractionEvent =
  PointerDownEvent | { type: 'pointer.move'; x: number; y: number } | { type: 'pointer.up' } | { type: 'key.escape' };

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
  down: PointerDownEvent | null;
  point: { x: number; y: number };
}
