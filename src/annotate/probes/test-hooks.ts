// Test-build hooks on window.__vat: mutators (replace the document, set UI state, seek) and the
// benchmark helpers. Only a build made with VAT_TEST_HOOKS=1 imports this file (the Annotate page
// guards it with the __VAT_TEST_HOOKS__ literal), so a production bundle has none of it and no page
// script can rewrite a reviewer's document through it.
import { drawOverlayFrame } from '../canvas/overlay-frame';
import { videoSizeOf } from '../canvas/overlay-model';
import { FIT, zoomAt } from '../canvas/viewport-math';
import { drawTimeline } from '../timeline/timeline-draw';
import type { AnnotationEditor } from '../editor/annotation-editor';

export interface VatTestHooks {
  selectedSegmentId(): number | null;
  selectedTrackId(): number | null;
  /** Tracks not hidden by the eye toggle. */
  visibleTracks(): number[];
  seekFrame(frame: number): Promise<number>;
  /**
   * Benchmark helpers: time N overlay / timeline draws on an offscreen canvas (ms per draw). The overlay
   * is drawn as the player draws it on a width × height box at `zoom` × fit, zoomed at the box's centre.
   */
  benchOverlay(frames: number, width: number, height: number, zoom?: number): number;
  benchTimeline(draws: number, width: number, viewHeight?: number, presence?: boolean): number;
  /** Replaces the document (benchmarks load synthetic documents). */
  replaceDoc: AnnotationEditor['publishDoc'];
  getDoc: AnnotationEditor['getDoc'];
  setUi: AnnotationEditor['updateUi'];
}

function benchOverlay(editor: AnnotationEditor, frames: number, width: number, height: number, zoom = 1): number {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  const doc = editor.getDoc();
  const ui = editor.getUi();
  if (!doc) return NaN;
  const size = videoSizeOf(doc);
  const geo = { boxW: width, boxH: height, videoW: size.width, videoH: size.height };
  const view = { state: zoomAt(FIT, geo, { x: width / 2, y: height / 2 }, zoom), geo };
  const t0 = performance.now();
  for (let i = 0; i < frames; i++) {
    const frame = (ui.frame + i) % Math.max(1, doc.info.total_frames);
    ctx.clearRect(0, 0, width, height);
    drawOverlayFrame(ctx, doc, ui, frame, frame / doc.info.fps, view);
  }
  // Reading a pixel forces the queued canvas work to finish inside the measurement.
  ctx.getImageData(0, 0, 1, 1);
  return (performance.now() - t0) / frames;
}

/** `presence` false draws without the presence bands (the timeline as it was before them, for a same-run comparison). */
function benchTimeline(
  editor: AnnotationEditor,
  draws: number,
  width: number,
  viewHeight?: number,
  presence = true,
): number {
  const doc = editor.getDoc();
  if (!doc) return NaN;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = Math.min(viewHeight ?? Infinity, 20 + doc.trackIds.length * 22);
  const ctx = canvas.getContext('2d')!;
  const t0 = performance.now();
  for (let i = 0; i < draws; i++) {
    // Scrolls through the rows like a user would while the playhead moves.
    const scrollY = viewHeight ? (i * 37) % Math.max(1, 20 + doc.trackIds.length * 22 - viewHeight) : 0;
    drawTimeline(
      ctx,
      { width, duration: doc.info.duration, trackIds: doc.trackIds, viewHeight, scrollY },
      {
        segments: doc.segments,
        hidden: [],
        selectedSegmentId: null,
        ...(presence ? { presence: editor.review.presence(), fps: doc.info.fps } : {}),
      },
    );
  }
  ctx.getImageData(0, 0, 1, 1);
  return (performance.now() - t0) / draws;
}

/** The hooks of the page's editor. */
export function testHooks(editor: AnnotationEditor): VatTestHooks {
  return {
    selectedSegmentId: () => editor.getUi().selectedSegmentId,
    selectedTrackId: () => editor.getUi().selectedTrackId,
    visibleTracks: () => (editor.getDoc()?.trackIds ?? []).filter((t) => !editor.getUi().hiddenTracks.includes(t)),
    seekFrame: (f) => editor.player.seekFrame(f),
    benchOverlay: (frames, w, h, zoom) => benchOverlay(editor, frames, w, h, zoom),
    benchTimeline: (draws, w, vh, presence) => benchTimeline(editor, draws, w, vh, presence),
    replaceDoc: (doc, reason) => editor.publishDoc(doc, reason),
    getDoc: () => editor.getDoc(),
    setUi: (patch) => editor.updateUi(patch),
  };
}
