// Loads the Annotate screen's data: video details, the annotation summary (→ editor document) and the
// detection windows around the playhead; reads realtime.interpolation and the overlay toggles from the render settings (defaults
// when that endpoint fails). Returns the video and a load error.
import { useEffect, useState } from 'react';
import type { Video } from '../../../domain/types';
import { RENDER_SETTINGS_DEFAULTS } from '../../../domain/constants';
import { fetchDetectionWindow, fetchRenderSettingsOrNull, fetchSummary, fetchVideo } from '../../api/annotate';
import { replaceDoc } from '../document/store';
import { resetUi, setUi, subscribeUi } from '../document/ui-store';
import { docFromSummary, FIRST_WINDOW_FRAMES, WindowLoader } from './window-loader';
import { loadTiming } from './load-timing';

export interface AnnotateData { video: Video | null; error: string | null; setVideo: (v: Video) => void }

export function useAnnotateDocument(videoId: number): AnnotateData {
  const [video, setVideo] = useState<Video | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    let loader: WindowLoader | null = null;
    let offUi: (() => void) | null = null;
    setVideo(null); setError(null);
    replaceDoc(null);
    resetUi();
    loadTiming.start(videoId);
    void fetchRenderSettingsOrNull().then((s) => {
      const realtime = (s?.realtime ?? RENDER_SETTINGS_DEFAULTS.realtime) as { interpolation?: boolean };
      // the live overlay starts with what the settings draw on a rendered video
      const o = { ...RENDER_SETTINGS_DEFAULTS.overlay, ...(s?.overlay as object | undefined) };
      setUi((u) => ({
        interpolation: realtime.interpolation !== false,
        // labels on: the tags follow the Boxes toggle (undefined); off: never drawn
        toggles: { ...u.toggles, boxes: o.boxes, skeletons: o.skeletons, keypoints: o.keypoints, labels: o.labels ? undefined : false },
      }));
    });
    fetchVideo(videoId, abort.signal).then(setVideo, (e: Error) => { if (!abort.signal.aborted) setError(e.message || 'Failed to load'); });
    // The first frame's window is requested together with the summary (one round trip, not two).
    const firstWindow = fetchDetectionWindow(videoId, 0, FIRST_WINDOW_FRAMES, abort.signal).catch(() => null);
    fetchSummary(videoId, abort.signal).then(async (summary) => {
      if (abort.signal.aborted) return;
      replaceDoc(docFromSummary(videoId, summary), 'load');
      loadTiming.mark('summary');
      loader = new WindowLoader(videoId, summary.video_info.total_frames, fetchDetectionWindow);
      loader.onError = (e) => console.warn('detection window failed', e);
      const win = await firstWindow;
      if (abort.signal.aborted) return;
      if (win) loader.accept(win);
      void loader.start(0).then(() => loadTiming.mark('firstWindow'));
      offUi = subscribeUi((s, p) => { if (s.frame !== p.frame) void loader?.ensure(s.frame); });
    }, (e: Error) => { if (!abort.signal.aborted) setError(e.message || 'Failed to load annotations'); });
    return () => { abort.abort(); loader?.dispose(); offUi?.(); };
  }, [videoId]);

  return { video, error, setVideo };
}
