// UI state of the Annotate screen, separate from the document: toggles, selection, mode, playhead.
// The playhead (`frame`, `time`) changes up to 60×/s during playback; components select only what they
// draw so a frame change does not re-render the whole page. Konva layers subscribe imperatively.
import { useSyncExternalStore } from 'react';

export type EditorMode = 'view' | 'edit';
export type PlayerSize = 'small' | 'medium' | 'large' | 'full';

export interface OverlayToggles {
  skeletons: boolean; keypoints: boolean; boxes: boolean; confidence: boolean;
  /** overlay.labels of the render settings ('Track N' tags); absent = with the boxes. */
  labels?: boolean;
  snapTimeline: boolean; snapPlayhead: boolean; snapGrid: boolean;
}

export interface AnnotateUiState {
  mode: EditorMode;
  toggles: OverlayToggles;
  /** Tracks hidden by the timeline's eye toggle (overlay and timeline). */
  hiddenTracks: readonly number[];
  selectedTrackId: number | null;
  selectedSegmentId: number | null;
  /** Presented frame (from requestVideoFrameCallback mediaTime) and its time in seconds. */
  frame: number;
  time: number;
  playing: boolean;
  showAllActions: boolean;
  playerSize: PlayerSize;
  /** realtime.interpolation of the render settings: blend detections between analysed frames. */
  interpolation: boolean;
  /** Unit of the Time/Frame entry and of the data panel title. */
  entryUnit: 'time' | 'frame';
}

export const initialUiState: AnnotateUiState = {
  mode: 'view',
  toggles: { skeletons: true, keypoints: true, boxes: true, confidence: true, snapTimeline: true, snapPlayhead: true, snapGrid: false },
  hiddenTracks: [],
  selectedTrackId: null,
  selectedSegmentId: null,
  frame: 0,
  time: 0,
  playing: false,
  showAllActions: false,
  playerSize: 'medium',
  interpolation: true,
  entryUnit: 'time',
};

type Listener = (state: AnnotateUiState, prev: AnnotateUiState) => void;
let state: AnnotateUiState = initialUiState;
const listeners = new Set<Listener>();

export function getUi(): AnnotateUiState { return state; }

/** Shallow-merges a patch (or the result of an updater) and notifies listeners. */
export function setUi(patch: Partial<AnnotateUiState> | ((s: AnnotateUiState) => Partial<AnnotateUiState>)): void {
  const p = typeof patch === 'function' ? patch(state) : patch;
  const keys = Object.keys(p) as (keyof AnnotateUiState)[];
  if (keys.every((k) => p[k] === state[k])) return;
  const prev = state;
  state = { ...state, ...p };
  for (const l of [...listeners]) l(state, prev);
}

export function resetUi(keep: Partial<AnnotateUiState> = {}): void {
  const prev = state;
  state = { ...initialUiState, toggles: prev.toggles, playerSize: prev.playerSize, ...keep };
  for (const l of [...listeners]) l(state, prev);
}

export function subscribeUi(fn: Listener): () => void {
  listeners.add(fn);
  return () => { listeners.delete(fn); };
}

const subscribeForReact = (cb: () => void) => subscribeUi(() => cb());

export function useUi<T>(selector: (s: AnnotateUiState) => T): T {
  return useSyncExternalStore(subscribeForReact, () => selector(state), () => selector(state));
}

export function setToggle(name: keyof OverlayToggles, value: boolean): void {
  setUi((s) => ({ toggles: { ...s.toggles, [name]: value } }));
}

export function toggleTrackHidden(trackId: number): void {
  setUi((s) => ({
    hiddenTracks: s.hiddenTracks.includes(trackId) ? s.hiddenTracks.filter((t) => t !== trackId) : [...s.hiddenTracks, trackId],
  }));
}

// ---- Mode requests -------------------------------------------------------------------------------
// The View/Edit toggle calls requestMode(). The edit side (editorMode machine) replaces the handler via
// setModeRequestHandler() to pause playback, flush saves and discard drafts. The default handler
// only enforces sign-in and pauses playback.

export interface ModeRequestContext { signedIn: boolean; requireSignIn: (message?: string) => void; pause: () => void }
export type ModeRequestHandler = (mode: EditorMode, ctx: ModeRequestContext) => void;

export const defaultModeRequestHandler: ModeRequestHandler = (mode, ctx) => {
  if (mode === 'edit' && !ctx.signedIn) { ctx.requireSignIn('Please sign in to edit annotations.'); return; }
  if (mode !== state.mode) ctx.pause();
  setUi({ mode });
};

let modeHandler: ModeRequestHandler = defaultModeRequestHandler;

export function setModeRequestHandler(handler: ModeRequestHandler | null): void {
  modeHandler = handler ?? defaultModeRequestHandler;
}

export function requestMode(mode: EditorMode, ctx: ModeRequestContext): void { modeHandler(mode, ctx); }
