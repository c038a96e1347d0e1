// Loads an opened video: the annotation summary (→ the document), then the detection windows around the
// playhead as it moves; reads realtime.interpolation and the overlay toggles from the render settings
// (defaults when that call fails). A failed summary is reported through onError. Returns the close (stops
// loading; a later answer is ignored). The editor has reset itself for the video before; what is loaded
// goes to it through the VideoLoadTarget it hands in, so this file does not know the editor.
import { VIDEO_SETTINGS_DEFAULTS } from '../../../domain/constants';
import type { DocChangeReason, EditorDoc } from '../document/types';
import type { AnnotateUiState } from '../document/ui-state';
import type { AnnotationSummary } from '../../api/annotate';
import type { LoadTiming } from './load-timing';
import { docFromSummary, FIRST_WINDOW_FRAMES, WindowLoader, type WindowFetcher } from './window-loader';

/** The server calls a load makes (part of the editor's API edge). */
export interface LoaderApi {
  fetchSummary(videoId: number, signal?: AbortSignal): Promise<AnnotationSummary>;
  fetchDetectionWindow: WindowFetcher;
  /** The render settings (null when that call fails: defaults apply). */
  fetchVideoSettings(): Promise<Record<string, unknown> | null>;
}

/** Where a loaded video goes: the editor's document, UI state, load timing and review navigation. */
export interface VideoLoadTarget {
  getDoc(): EditorDoc | null;
  publishDoc(doc: EditorDoc, reason: Exclude<DocChangeReason, 'edit'>): void;
  updateUi(patch: (s: AnnotateUiState) => Partial<AnnotateUiState>): void;
  /** True in edit mode (a window then keeps the document's own edits). */
  editing(): boolean;
  /** Calls `fn` with each new playhead frame; returns the unsubscribe. */
  onFrame(fn: (frame: number) => void): () => void;
  timing: LoadTiming;
  /** The first frame is shown: the review summary may load now. */
  loadReview(videoId: number): void;
}

export function openVideo(
  api: LoaderApi,
  videoId: number,
  target: VideoLoadTarget,
  onError: (text: string) => void,
): () => void {
  const abort = new AbortController();
  let loader: WindowLoader | null = null;
  let offUi: (() => void) | null = null;
  void api.fetchVideoSettings().then((s) => {
    if (abort.signal.aborted) return;
    const realtime = (s?.realtime ?? VIDEO_SETTINGS_DEFAULTS.realtime) as { interpolation?: boolean };
    // the live overlay starts with what the settings draw on a rendered video
    const o = { ...VIDEO_SETTINGS_DEFAULTS.overlay, ...(s?.overlay as object | undefined) };
    target.updateUi((u) => ({
      interpolation: realtime.interpolation !== false,
      // labels on: the tags follow the Boxes toggle (undefined); off: never drawn
      toggles: {
        ...u.toggles,
        boxes: o.boxes,
        skeletons: o.skeletons,
        keypoints: o.keypoints,
        labels: o.labels ? undefined : false,
      },
    }));
  });
  // The first frame's window is requested together with the summary (one round trip, not two).
  const firstWindow = api.fetchDetectionWindow(videoId, 0, FIRST_WINDOW_FRAMES, abort.signal).catch(() => null);
  const summary = api.fetchSummary(videoId, abort.signal).then(async (summary) => {
    if (abort.signal.aborted) return;
    target.publishDoc(docFromSummary(videoId, summary), 'load');
    target.timing.mark('summary');
    loader = new WindowLoader(videoId, summary.video_info.total_frames, api.fetchDetectionWindow, {
      getDoc: () => target.getDoc(),
      publishDoc: (doc, reason) => target.publishDoc(doc, reason),
      editing: () => target.editing(),
    });
    loader.onError = (e) => console.warn('detection window failed', e);
    const win = await firstWindow;
    if (abort.signal.aborted) return;
    if (win) loader.accept(win);
    // The review summary is an aggregate over every detection: asked for once the first frame is shown, so
    // it never delays it.
    void loader.start(0).then(() => {
      target.timing.mark('firstWindow');
      if (!abort.signal.aborted) target.loadReview(videoId);
    });
    offUi = target.onFrame((frame) => {
      void loader?.ensure(frame);
    });
  });
  summary.catch((e: Error) => {
    if (!abort.signal.aborted) onError(e.message || 'Failed to load annotations');
  });
  return () => {
    abort.abort();
    loader?.dispose();
    offUi?.();
  };
}
