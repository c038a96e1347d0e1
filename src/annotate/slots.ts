// Extension points of the Annotate view for the edit side. The view renders these slots when
// they are registered; the edit side registers them once (e.g. in an effect of its EditLayer component
// or at module load) with registerEditSlots({...}) and never needs to edit the view's files.
import type { ReactNode } from 'react';
import type { ActionSegment } from '../../domain/types';

/** Pixel geometry of the overlay stage: detections are fractions, multiply by width/height. */
export interface StageGeometry { width: number; height: number; videoWidth: number; videoHeight: number }

export interface BarPointerEvent {
  segment: ActionSegment;
  /** Which part of the bar was hit: the 6 px at either end count as edges (for resizing). */
  part: 'start' | 'end' | 'body';
  /** Time under the pointer in seconds, and the timeline's pixels per second (for dragging). */
  time: number;
  pxPerSecond: number;
  clientX: number;
  clientY: number;
  shiftKey: boolean;
  /** Call to stop the default action (seek to the start + select). */
  preventDefault: () => void;
}

export interface EditSlots {
  /** Rendered inside the overlay's interaction <Layer> (react-konva nodes: handles, draggable keypoints). */
  renderInteraction?: (geo: StageGeometry) => ReactNode;
  /** Timeline bar pointer-down (edit mode drags/resizes). Called before the default seek+select. */
  onBarPointerDown?: (e: BarPointerEvent) => void;
  /** Extra controls at the end of a timeline track row (e.g. delete-track button in edit mode). */
  renderTrackRowExtras?: (trackId: number) => ReactNode;
  /** Track Merge button's action (the dialog is the edit side's). */
  onTrackMerge?: () => void;
  /** Replaces a data panel row's chips by an editor (class/track select, Start/End, Delete/Save/Duplicate). */
  renderSegmentEditor?: (segment: ActionSegment) => ReactNode;
  /** 'Add Action Here' action (enabled in edit mode only). */
  onAddActionHere?: () => void;
  /** Extra buttons of the data panel header in edit mode (e.g. 'Save All'). */
  renderPanelButtons?: () => ReactNode;
  /** Rendered once at page level (dialogs, hotkeys, editorMode machine host). */
  renderPageExtras?: () => ReactNode;
}

type Listener = () => void;
let slots: EditSlots = {};
const listeners = new Set<Listener>();

export function registerEditSlots(next: EditSlots): () => void {
  slots = { ...slots, ...next };
  listeners.forEach((l) => l());
  return () => {
    const keys = Object.keys(next) as (keyof EditSlots)[];
    const copy = { ...slots };
    for (const k of keys) if (copy[k] === next[k]) delete copy[k];
    slots = copy;
    listeners.forEach((l) => l());
  };
}

export function getEditSlots(): EditSlots { return slots; }
export function subscribeEditSlots(fn: Listener): () => void { listeners.add(fn); return () => { listeners.delete(fn); }; }
