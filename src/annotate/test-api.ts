// window.__vat: the typed test API of the Annotate screen (DESIGN §6 "Testing hooks"). Canvas content is
// not DOM, so e2e tests and benchmarks read what was drawn here. Installed by the Annotate page.
import { getDoc, replaceDoc } from './document/store';
import { getUi, setUi } from './document/ui-store';
import { lastOverlay } from './canvas/overlay-stats';
import { collectOverlay, drawOverlay } from './canvas/overlay-draw';
import { lastTimeline } from './timeline/timeline-stats';
import { drawTimeline } from './timeline/timeline-draw';
import { loadTiming } from './loader/load-timing';
import { player } from './player/player-controller';

export interface VatTestApi {
  /** Frame presented by the video (requestVideoFrameCallback) and its media time. */
  currentFrame(): number;
  currentTime(): number;
  mode(): 'view' | 'edit';
  selectedSegmentId(): number | null;
  selectedTrackId(): number | null;
  trackIds(): number[];
  /** Tracks not hidden by the eye toggle. */
  visibleTracks(): number[];
  /** What the overlay drew last: frame, box / keypoint / limb counts, track ids drawn, JS time. */
  overlay(): { frame: number; boxes: number; keypoints: number; lines: number; trackIds: number[]; drawMs: number; draws: number };
  timeline(): { bars: number; drawMs: number; draws: number };
  loadedWindows(): { from: number; to: number }[];
  /** ms since navigation of: summary, firstWindow, overlay (first drawn with detections), video (first frame). */
  timing(): Record<string, number>;
  seekFrame(frame: number): Promise<number>;
  /** Benchmark helpers: time N overlay / timeline draws on an offscreen canvas (ms per draw). */
  benchOverlay(frames: number, width: number, height: number): number;
  benchTimeline(draws: number, width: number, viewHeight?: number): number;
  /** Replaces the document (benchmarks load synthetic documents). */
  replaceDoc: typeof replaceDoc;
  getDoc: typeof getDoc;
  setUi: typeof setUi;
}

function benchOverlay(frames: number, width: number, height: number): number {
  const canvas = document.createElement('canvas'); canvas.width = width; canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  const doc = getDoc(); const ui = getUi();
  if (!doc) return NaN;
  const t0 = performance.now();
  for (let i = 0; i < frames; i++) {
    const frame = (ui.frame + i) % Math.max(1, doc.info.total_frames);
    ctx.clearRect(0, 0, width, height);
    const items = collectOverlay(doc, frame, frame / doc.info.fps, ui.hiddenTracks, { stride: doc.info.frame_stride ?? 1, interpolate: ui.interpolation });
    drawOverlay(ctx, items, width, height, ui.toggles);
  }
  // Reading a pixel forces the queued canvas work to finish inside the measurement.
  ctx.getImageData(0, 0, 1, 1);
  return (performance.now() - t0) / frames;
}

function benchTimeline(draws: number, width: number, viewHeight?: number): number {
  const doc = getDoc();
  if (!doc) return NaN;
  const canvas = document.createElement('canvas'); canvas.width = width; canvas.height = Math.min(viewHeight ?? Infinity, 20 + doc.trackIds.length * 22);
  const ctx = canvas.getContext('2d')!;
  const t0 = performance.now();
  for (let i = 0; i < draws; i++) {
    // Scrolls through the rows like a user would while the playhead moves.
    const scrollY = viewHeight ? (i * 37) % Math.max(1, 20 + doc.trackIds.length * 22 - viewHeight) : 0;
    drawTimeline(ctx, { width, duration: doc.info.duration, trackIds: doc.trackIds, viewHeight, scrollY }, { segments: doc.segments, hidden: [], selectedSegmentId: null });
  }
  ctx.getImageData(0, 0, 1, 1);
  return (performance.now() - t0) / draws;
}

export function installTestApi(): () => void {
  const api: VatTestApi = {
    currentFrame: () => getUi().frame,
    currentTime: () => getUi().time,
    mode: () => getUi().mode,
    selectedSegmentId: () => getUi().selectedSegmentId,
    selectedTrackId: () => getUi().selectedTrackId,
    trackIds: () => [...(getDoc()?.trackIds ?? [])],
    visibleTracks: () => (getDoc()?.trackIds ?? []).filter((t) => !getUi().hiddenTracks.includes(t)),
    overlay: () => ({ frame: lastOverlay.frame, ...lastOverlay.stats, trackIds: [...lastOverlay.stats.trackIds], drawMs: lastOverlay.drawMs, draws: lastOverlay.draws }),
    timeline: () => ({ ...lastTimeline }),
    loadedWindows: () => [...(getDoc()?.windows ?? [])],
    timing: () => ({ ...loadTiming.marks }),
    seekFrame: (f) => player.seekFrame(f),
    benchOverlay, benchTimeline, replaceDoc, getDoc, setUi,
  };
  (window as unknown as { __vat?: VatTestApi }).__vat = api;
  return () => { if ((window as unknown as { __vat?: VatTestApi }).__vat === api) delete (window as unknown as { __vat?: VatTestApi }).__vat; };
}

declare global { interface Window { __vat?: VatTestApi } }
