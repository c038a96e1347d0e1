// Compact binary form of the detections in a frame window (GET /api/v1/annotations/{id}/detections).
// Shared by the server (encode) and the browser (decode). All numbers little-endian; sections 4-aligned.
//
//   header  Int32 × 7: magic 0x44544156 ('VATD'), format version 3, from, to, count N, kpFloats (51), reserved 0
//   tracks  Int32[N]          track_id of each detection
//   frames  Int32[N]          0-based frame of each detection
//   versions Int32[N]         the detection's version (a change of it sends this back: optimistic concurrency)
//   boxes   Float32[N × 5]    x1, y1, x2, y2, confidence (fractions of the frame size)
//   kps     Float32[N × 51]   17 COCO keypoints × (x, y, score); NaN-filled when a detection has none
//   source  Uint8[N]          0 = ai, 1 = human keyframe, 2 = interpolated (filled between keyframes), 3 = outside keyframe
//   visibility Uint8[N × 17]  per keypoint 2 visible, 1 occluded, 0 absent; 255 = none stored (the score decides)
// Rows are ordered by frame, then track. A 2,000-frame window of 20 tracks is ≈ 9 MB instead of ≈ 25 MB JSON.

export const WINDOW_MAGIC = 0x44544156;
export const WINDOW_VERSION = 3;
/** A row's visibility byte when the row stores none. */
export const VISIBILITY_NONE = 255;
export const WINDOW_KP_FLOATS = 51;
const HEADER_INTS = 7;

export interface DetectionWindow {
  from: number;
  to: number;
  count: number;
  tracks: Int32Array;
  frames: Int32Array;
  versions: Int32Array;
  boxes: Float32Array;
  keypoints: Float32Array;
  human: Uint8Array;
  /** 17 bytes per row: 2 visible, 1 occluded, 0 absent, VISIBILITY_NONE when none is stored. */
  visibility: Uint8Array;
}

export interface DetectionRow {
  track_id: number;
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  keypoints: ArrayLike<number> | null;
  human: boolean;
  version: number;
  /** The source byte (WINDOW_SOURCE); when absent, `human` decides between ai and human. */
  source?: number;
  /** 17 × 0/1/2, or null (none stored). */
  keypoint_visibility?: ArrayLike<number> | null;
}

/** The per-row source byte of the window. */
export const WINDOW_SOURCE = { ai: 0, human: 1, interpolated: 2, outside: 3 } as const;

export function windowByteLength(n: number): number {
  return HEADER_INTS * 4 + n * 4 * 3 + n * 5 * 4 + n * WINDOW_KP_FLOATS * 4 + n + n * 17;
}

/** Typed-array views of the n-row body after the header: the one place the layout is written down. */
function bodyViews(buf: ArrayBuffer, n: number) {
  let off = HEADER_INTS * 4;
  const tracks = new Int32Array(buf, off, n);
  off += n * 4;
  const frames = new Int32Array(buf, off, n);
  off += n * 4;
  const versions = new Int32Array(buf, off, n);
  off += n * 4;
  const boxes = new Float32Array(buf, off, n * 5);
  off += n * 20;
  const keypoints = new Float32Array(buf, off, n * WINDOW_KP_FLOATS);
  off += n * WINDOW_KP_FLOATS * 4;
  const human = new Uint8Array(buf, off, n);
  off += n;
  const visibility = new Uint8Array(buf, off, n * 17);
  return { tracks, frames, versions, boxes, keypoints, human, visibility };
}

export function encodeDetectionWindow(from: number, to: number, rows: readonly DetectionRow[]): Uint8Array {
  const n = rows.length;
  const buf = new ArrayBuffer(windowByteLength(n));
  new Int32Array(buf, 0, HEADER_INTS).set([WINDOW_MAGIC, WINDOW_VERSION, from, to, n, WINDOW_KP_FLOATS, 0]);
  const { tracks, frames, versions, boxes, keypoints: kps, human, visibility } = bodyViews(buf, n);
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    tracks[i] = r.track_id;
    frames[i] = r.frame;
    versions[i] = r.version;
    const b = i * 5;
    boxes[b] = r.x1;
    boxes[b + 1] = r.y1;
    boxes[b + 2] = r.x2;
    boxes[b + 3] = r.y2;
    boxes[b + 4] = r.confidence;
    const k = i * WINDOW_KP_FLOATS;
    const src = r.keypoints;
    if (src && src.length >= WINDOW_KP_FLOATS) for (let j = 0; j < WINDOW_KP_FLOATS; j++) kps[k + j] = src[j];
    else if (src && src.length >= 34) {
      // [x, y] pairs without scores (17 × 2): score 1.
      for (let j = 0; j < 17; j++) {
        kps[k + j * 3] = src[j * 2];
        kps[k + j * 3 + 1] = src[j * 2 + 1];
        kps[k + j * 3 + 2] = 1;
      }
    } else kps.fill(NaN, k, k + WINDOW_KP_FLOATS);
    human[i] = r.source ?? (r.human ? WINDOW_SOURCE.human : WINDOW_SOURCE.ai);
    const vis = r.keypoint_visibility;
    if (vis && vis.length === 17) for (let j = 0; j < 17; j++) visibility[i * 17 + j] = vis[j];
    else visibility.fill(VISIBILITY_NONE, i * 17, i * 17 + 17);
  }
  return new Uint8Array(buf);
}

export function decodeDetectionWindow(input: ArrayBuffer): DetectionWindow {
  if (input.byteLength < HEADER_INTS * 4) throw new Error('Detection window too short');
  const header = new Int32Array(input, 0, HEADER_INTS);
  if (header[0] !== WINDOW_MAGIC || header[1] !== WINDOW_VERSION)
    throw new Error('Not a detection window (bad magic/version)');
  const [, , from, to, n, kpFloats] = header;
  if (kpFloats !== WINDOW_KP_FLOATS || input.byteLength !== windowByteLength(n))
    throw new Error('Detection window has a bad length');
  return { from, to, count: n, ...bodyViews(input, n) };
}

/**
 * One window from consecutive parts (each part's `from` is the previous part's `to`): the server cuts a
 * window larger than its size cap at a frame boundary, and the client asks for the rest from there.
 */
export function joinWindows(parts: readonly DetectionWindow[]): DetectionWindow {
  if (parts.length === 1) return parts[0];
  for (let i = 1; i < parts.length; i++)
    if (parts[i].from !== parts[i - 1].to) throw new Error('Detection window parts do not follow each other');
  const n = parts.reduce((sum, p) => sum + p.count, 0);
  const buf = new ArrayBuffer(windowByteLength(n));
  const views = bodyViews(buf, n);
  let row = 0;
  for (const p of parts) {
    views.tracks.set(p.tracks, row);
    views.frames.set(p.frames, row);
    views.versions.set(p.versions, row);
    views.boxes.set(p.boxes, row * 5);
    views.keypoints.set(p.keypoints, row * WINDOW_KP_FLOATS);
    views.human.set(p.human, row);
    views.visibility.set(p.visibility, row * 17);
    row += p.count;
  }
  return { from: parts[0].from, to: parts[parts.length - 1].to, count: n, ...views };
}
