// What the overlay and the timeline drew last (read by window.__vat in e2e tests and by the benchmarks);
// one of each per editor. The timeline's `bands` and `lowBands` count the presence rectangles (faint bands
// where tracks have detections, hatched low confidence); `viewStart`/`viewSpan` are the window of time it
// showed (seconds; it zooms), `rows` the tracks of its rows.
import type { OverlayStats } from '../../domain/overlay/draw';

export interface LastOverlay {
  frame: number;
  stats: OverlayStats;
  drawMs: number;
  draws: number;
}

export const newOverlayStats = (): LastOverlay => ({
  frame: -1,
  stats: { boxes: 0, keypoints: 0, hollow: 0, lines: 0, trackIds: [], colors: [] },
  drawMs: 0,
  draws: 0,
});

export interface LastTimeline {
  bars: number;
  bands: number;
  lowBands: number;
  drawMs: number;
  draws: number;
  viewStart: number;
  viewSpan: number;
  /** The tracks of the rows it drew, top to bottom ('Near playhead' may leave some out). */
  rows: number[];
  /** Open review issues drawn as bands (timeline/issue-timeline-draw.ts). */
  issueBands?: number;
  /** The range preview drawn last (a track's frames from … to), or null. */
  preview: { trackId: number; from: number; to: number } | null;
}

export const newTimelineStats = (): LastTimeline => ({
  bars: 0,
  bands: 0,
  lowBands: 0,
  drawMs: 0,
  draws: 0,
  viewStart: 0,
  viewSpan: 0,
  rows: [],
  preview: null,
});
