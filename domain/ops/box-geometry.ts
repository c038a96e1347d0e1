// Box and keypoint geometry of edit mode: boxes are fractions of the frame, edits
// happen in video pixels; 8 px grid when Snap grid is on; everything clamped to the video size.
import { BOX_GRID_PX } from '../constants';

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export interface Size {
  width: number;
  height: number;
}
export type Corner = 'tl' | 'tr' | 'bl' | 'br';

/** Smallest box a resize can make, in video pixels (a box never collapses or turns inside out). */
export const MIN_BOX_PX = 4;

export const snapToGrid = (px: number, grid = BOX_GRID_PX) => Math.round(px / grid) * grid;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function toPixels(b: Box, size: Size): Box {
  return { x1: b.x1 * size.width, y1: b.y1 * size.height, x2: b.x2 * size.width, y2: b.y2 * size.height };
}

export function toFractions(b: Box, size: Size): Box {
  return { x1: b.x1 / size.width, y1: b.y1 / size.height, x2: b.x2 / size.width, y2: b.y2 / size.height };
}

/** Translates a pixel box by (dx, dy), keeping its size, snapped (top-left) to the grid, inside the video. */
export function moveBox(b: Box, dx: number, dy: number, size: Size, grid: boolean): Box {
  const w = b.x2 - b.x1;
  const h = b.y2 - b.y1;
  let x1 = b.x1 + dx;
  let y1 = b.y1 + dy;
  if (grid) {
    x1 = snapToGrid(x1);
    y1 = snapToGrid(y1);
  }
  x1 = clamp(x1, 0, Math.max(0, size.width - w));
  y1 = clamp(y1, 0, Math.max(0, size.height - h));
  return { x1, y1, x2: x1 + w, y2: y1 + h };
}

/** Moves one corner to a pixel point (snapped, clamped); the opposite corner stays put. */
export function resizeBox(b: Box, corner: Corner, x: number, y: number, size: Size, grid: boolean): Box {
  let px = grid ? snapToGrid(x) : x;
  let py = grid ? snapToGrid(y) : y;
  px = clamp(px, 0, size.width);
  py = clamp(py, 0, size.height);
  const out = { ...b };
  if (corner === 'tl' || corner === 'bl') out.x1 = Math.min(px, b.x2 - MIN_BOX_PX);
  else out.x2 = Math.max(px, b.x1 + MIN_BOX_PX);
  if (corner === 'tl' || corner === 'tr') out.y1 = Math.min(py, b.y2 - MIN_BOX_PX);
  else out.y2 = Math.max(py, b.y1 + MIN_BOX_PX);
  return out;
}

/** A keypoint dragged to a pixel point (snapped, clamped). */
export function moveKeypoint(x: number, y: number, size: Size, grid: boolean): { x: number; y: number } {
  const px = grid ? snapToGrid(x) : x;
  const py = grid ? snapToGrid(y) : y;
  return { x: clamp(px, 0, size.width), y: clamp(py, 0, size.height) };
}

/** Corner position of a pixel box. */
export function cornerPoint(b: Box, c: Corner): { x: number; y: number } {
  return { x: c === 'tl' || c === 'bl' ? b.x1 : b.x2, y: c === 'tl' || c === 'tr' ? b.y1 : b.y2 };
}
