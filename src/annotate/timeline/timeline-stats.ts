// What the timeline drew last (read by window.__vat and the benchmarks); one per editor. `bands` and
// `lowBands` count the presence rectangles (faint bands where tracks have detections, hatched low confidence).
// `viewStart`/`viewSpan`: the window of time it showed (seconds; it zooms).
export interface LastTimeline {
  bars: number;
  bands: number;
  lowBands: number;
  drawMs: number;
  draws: number;
  viewStart: number;
  viewSpan: number;
  /** Open review issues drawn as bands (review/issue-timeline-draw.ts). */
  issueBands?: number;
}

export const newTimelineStats = (): LastTimeline => ({
  bars: 0,
  bands: 0,
  lowBands: 0,
  drawMs: 0,
  draws: 0,
  viewStart: 0,
  viewSpan: 0,
});
