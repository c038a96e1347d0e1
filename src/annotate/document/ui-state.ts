// UI state of the Annotate screen, separate from the document: toggles, selection, mode, playhead.
// The editor holds it in a store (editor.ui). The playhead (`frame`, `time`) changes up to 60×/s during
// playback; components select only what they draw so a frame change does not re-render the whole page.
// Konva layers subscribe imperatively.

export type EditorMode = 'view' | 'edit';
export type PlayerSize = 'small' | 'medium' | 'large' | 'full';

export interface OverlayToggles {
  skeletons: boolean;
  keypoints: boolean;
  boxes: boolean;
  confidence: boolean;
  /** overlay.labels of the render settings ('Track N' tags); absent = with the boxes. */
  labels?: boolean;
  snapTimeline: boolean;
  snapPlayhead: boolean;
  snapGrid: boolean;
}

/** A range edit shown on the timeline before it applies (range-preview.ts). */
export interface RangePreview {
  kind: 'propagate';
  trackId: number;
  from: number;
  to: number;
}

export interface AnnotateUiState {
  mode: EditorMode;
  toggles: OverlayToggles;
  /** Tracks hidden by the timeline's eye toggle (overlay and timeline). */
  hiddenTracks: readonly number[];
  selectedTrackId: number | null;
  selectedSegmentId: number | null;
  /** The selected joint (0–16, COCO order) of the selected track: the O key and the data panel act on it. */
  selectedKeypoint: number | null;
  /** Presented frame (from requestVideoFrameCallback mediaTime) and its time in seconds. */
  frame: number;
  time: number;
  playing: boolean;
  showAllSegments: boolean;
  playerSize: PlayerSize;
  /** realtime.interpolation of the render settings: blend detections between analysed frames. */
  interpolation: boolean;
  /** Unit of the Time/Frame entry and of the data panel title. */
  entryUnit: 'time' | 'frame';
  /** propagate_max_seconds of the render settings: how far P goes when no keyframe follows. */
  propagateMaxSeconds: number;
  /** The range P would change, shown before it applies. */
  rangePreview: RangePreview | null;
}

export const initialUiState: AnnotateUiState = {
  mode: 'view',
  toggles: {
    skeletons: true,
    keypoints: true,
    boxes: true,
    confidence: true,
    snapTimeline: true,
    snapPlayhead: true,
    snapGrid: false,
  },
  hiddenTracks: [],
  selectedTrackId: null,
  selectedSegmentId: null,
  selectedKeypoint: null,
  frame: 0,
  time: 0,
  playing: false,
  showAllSegments: false,
  playerSize: 'medium',
  interpolation: true,
  entryUnit: 'time',
  propagateMaxSeconds: 1,
  rangePreview: null,
};

/** The hidden-track list with one track's eye toggled. */
export function toggledHidden(hidden: readonly number[], trackId: number): readonly number[] {
  return hidden.includes(trackId) ? hidden.filter((t) => t !== trackId) : [...hidden, trackId];
}
