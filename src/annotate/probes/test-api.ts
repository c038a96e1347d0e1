// window.__vat: read-only probes of the Annotate screen. Canvas content is not DOM, so tests,
// benchmarks and support scripts read here what was drawn and loaded. Nothing here can change the
// document; the mutators and benchmark helpers live in test-hooks.ts and exist only in a build made
// for tests and benchmarks. Everything is read from the page's editor.
import type { AnnotationEditor } from '../editor/annotation-editor';

export interface VatProbes {
  /** Frame presented by the video (requestVideoFrameCallback) and its media time. */
  currentFrame(): number;
  currentTime(): number;
  mode(): 'view' | 'edit';
  trackIds(): number[];
  /** What the overlay drew last: frame, box / keypoint (hollow: occluded) / limb counts, track ids drawn and their colours, JS time. */
  overlay(): {
    frame: number;
    boxes: number;
    keypoints: number;
    hollow: number;
    lines: number;
    trackIds: number[];
    colors: string[];
    drawMs: number;
    draws: number;
  };
  /** What the timeline drew last: bars, presence bands and hatched low-confidence rectangles, JS time, the window of time shown, its rows. */
  timeline(): {
    bars: number;
    bands: number;
    lowBands: number;
    drawMs: number;
    draws: number;
    viewStart: number;
    viewSpan: number;
    /** The tracks of its rows, top to bottom. */
    rows: number[];
    /** Open review issues drawn as bands. */
    issueBands?: number;
  };
  /** Review navigation: the summary's state, the chosen kind and the frames of its problems. */
  review(): {
    loaded: boolean;
    filter: string;
    problemFrames: number[];
    verified: Record<number, 'yes' | 'edited' | 'no'>;
  };
  loadedWindows(): { from: number; to: number }[];
  /** The player's view: zoom in multiples of 'fit', pan in screen pixels from the centred picture. */
  viewport(): { zoom: number; panX: number; panY: number };
  /** ms since navigation of: summary, firstWindow, overlay (first drawn with detections), video (first frame). */
  timing(): Record<string, number>;
}

export function probes(editor: AnnotationEditor): VatProbes {
  const o = editor.overlayStats;
  return {
    currentFrame: () => editor.getUi().frame,
    currentTime: () => editor.getUi().time,
    mode: () => editor.getUi().mode,
    trackIds: () => [...(editor.getDoc()?.trackIds ?? [])],
    overlay: () => ({
      frame: o.frame,
      ...o.stats,
      trackIds: [...o.stats.trackIds],
      colors: [...o.stats.colors],
      drawMs: o.drawMs,
      draws: o.draws,
    }),
    timeline: () => ({ ...editor.timelineStats, rows: [...editor.timelineStats.rows] }),
    review: () => {
      const s = editor.review.state.get();
      const frames = editor.review.problems().map((p) => p.frame);
      return {
        loaded: s.summary !== null,
        filter: s.filter,
        problemFrames: frames.filter((f, i) => i === 0 || f !== frames[i - 1]),
        verified: Object.fromEntries(
          (s.summary?.tracks ?? []).map((t) => [
            t.track_id,
            !t.verified ? 'no' : t.verified.edited_at ? 'edited' : 'yes',
          ]),
        ),
      };
    },
    loadedWindows: () => [...(editor.getDoc()?.windows ?? [])],
    viewport: () => ({ ...editor.viewport.get() }),
    timing: () => ({ ...editor.timing.marks }),
  };
}

/** The test build adds its hooks to the probes (see test-hooks.ts); production has only the probes. */
export type VatTestApi = VatProbes & Partial<import('./test-hooks').VatTestHooks>;

declare global {
  /** True only in a build made for tests and benchmarks (VAT_TEST_HOOKS=1); a literal, so dead code is dropped. */
  const __VAT_TEST_HOOKS__: boolean;
  interface Window {
    __vat?: VatTestApi;
  }
}

/** Installs window.__vat for the page's lifetime; returns the uninstall. */
export function installTestApi(editor: AnnotationEditor, extra?: object): () => void {
  const api: VatTestApi = { ...probes(editor), ...extra };
  window.__vat = api;
  return () => {
    if (window.__vat === api) delete window.__vat;
  };
}
