// What the overlay drew last (read by window.__vat in e2e tests and by the benchmarks); one per editor.
import type { OverlayStats } from './overlay-draw';

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
