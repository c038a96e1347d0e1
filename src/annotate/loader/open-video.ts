// Opens a video in the editor: the annotation summary (→ the document), then the detection windows
// around the playhead as it moves; reads realtime.interpolation and the overlay toggles from the render
// settings (defaults when that call fails). A failed summary is reported through onError. Returns the close (stops loading; a
// later answer is ignored).
import { RENDER_SETTINGS_DEFAULTS } from '../../../domain/constants';
import type { AnnotationEditor } from '../editor/AnnotationEditor';
import { docFromSummary, FIRST_WINDOW_FRAMES, WindowLoader } from './window-loader';

export function openVideo(editor: AnnotationEditor, videoId: number, onError: (text: string) => void): () => void {
  const { api } = editor.deps;
  const abort = new AbortController();
  let loader: WindowLoader | null = null;
  let offUi: (() => void) | null = null;
  editor.publishDoc(null);
  editor.restartUi();
  editor.review.reset();
  editor.timing.start(videoId);
  void api.fetchRenderSettings().then((s) => {
    if (abort.signal.aborted) return;
    const realtime = (s?.realtime ?? RENDER_SETTINGS_DEFAULTS.realtime) as { interpolation?: boolean };
    // the live overlay starts with what the settings draw on a rendered video
    const o = { ...RENDER_SETTINGS_DEFAULTS.overlay, ...(s?.overlay as object | undefined) };
    editor.updateUi((u) => ({
      interpolation: realtime.interpolation !== false,
      // labels on: the tags follow the Boxes toggle (undefined); off: never drawn
      toggles: { ...u.toggles, boxes: o.boxes, skeletons: o.skeletons, keypoints: o.keypoints, labels: o.labels ? undefined : false },
    }));
  });
  // The first frame's window is requested together with the summary (one round trip, not two).
  const firstWindow = api.fetchDetectionWindow(videoId, 0, FIRST_WINDOW_FRAMES, abort.signal).catch(() => null);
  const summary = api.fetchSummary(videoId, abort.signal).then(async (summary) => {
    if (abort.signal.aborted) return;
    editor.publishDoc(docFromSummary(videoId, summary), 'load');
    editor.timing.mark('summary');
    loader = new WindowLoader(videoId, summary.video_info.total_frames, api.fetchDetectionWindow, {
      getDoc: () => editor.getDoc(),
      publishDoc: (doc, reason) => editor.publishDoc(doc, reason),
      editing: () => editor.getUi().mode === 'edit',
    });
    loader.onError = (e) => console.warn('detection window failed', e);
    const win = await firstWindow;
    if (abort.signal.aborted) return;
    if (win) loader.accept(win);
    // The review summary is an aggregate over every detection: asked for once the first frame is shown, so
    // it never delays it.
    void loader.start(0).then(() => { editor.timing.mark('firstWindow'); if (!abort.signal.aborted) void editor.review.load(videoId); });
    offUi = editor.ui.subscribe((s, p) => { if (s.frame !== p.frame) void loader?.ensure(s.frame); });
  });
  summary.catch((e: Error) => { if (!abort.signal.aborted) onError(e.message || 'Failed to load annotations'); });
  return () => { abort.abort(); loader?.dispose(); offUi?.(); };
}
