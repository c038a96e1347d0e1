// Labelling aid for footage from a camera that holds still, not ground truth by itself: each frame's
// silhouette box, measured from the pixels against the empty room. The background is the per-pixel median
// of frames with nobody in view (each scaled to the first one's exposure, since a camera's gain drifts),
// a person is where a frame (scaled the same way) differs from it by more than a threshold in a colour
// channel, after a morphological opening (specks of noise go) and leaving out blobs under a minimum area;
// the box is around what is left. It then proposes keyframes: greedily, each next one as far on as linear
// interpolation keeps every frame between at a high IoU with its silhouette box. A person checks every
// keyframe on drawn frames (draw-mot-labels.ts) before it goes into keyframes.txt.
// Run: npx tsx bench/eval/silhouette-boxes.ts <folder> --empty 5-55,205-222 [--threshold 50] [--min-area 400]
//   [--min-iou 0.9] [--out /tmp/<folder>-silhouettes.txt]   (frames 0-based; one person in view at a time)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { iou, type Box } from './metrics';
import { readMotLabels, REAL_LABELS_DIR } from './mot-labels';
import { footageDir } from './real-clips';

export interface Rgb {
  width: number;
  height: number;
  /** width × height × 3 bytes. */
  data: Uint8Array;
}

/** Per-channel exposure of a frame against a reference: the median ratio over every 4th pixel of every 4th row. */
export function gainAgainst(frame: Rgb, ref: Float32Array): [number, number, number] {
  const ratios: number[][] = [[], [], []];
  for (let y = 0; y < frame.height; y += 4)
    for (let x = 0; x < frame.width; x += 4) {
      const i = (y * frame.width + x) * 3;
      for (let c = 0; c < 3; c++) ratios[c].push(frame.data[i + c] / (ref[i + c] + 1));
    }
  return ratios.map((r) => r.sort((a, b) => a - b)[Math.floor(r.length / 2)]) as [number, number, number];
}

/** The per-pixel median of empty frames, each scaled to the first one's exposure. */
export function backgroundOf(empty: Rgb[]): Float32Array {
  const ref = Float32Array.from(empty[0].data);
  const gains = empty.map((f) => gainAgainst(f, ref));
  const bg = new Float32Array(ref.length);
  const v = new Float32Array(empty.length);
  for (let i = 0; i < bg.length; i++) {
    for (let k = 0; k < empty.length; k++) v[k] = empty[k].data[i] / gains[k][i % 3];
    v.sort();
    bg[i] = v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
  return bg;
}

/** One step of erosion (keep = all) or dilation (keep = any) over the pixel and its four neighbours. */
function crossStep(m: Uint8Array, w: number, h: number, all: boolean): Uint8Array {
  const out = new Uint8Array(m.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // outside the frame counts as empty, as in scipy's binary_opening
      const l = x > 0 ? m[i - 1] : 0,
        r = x < w - 1 ? m[i + 1] : 0,
        u = y > 0 ? m[i - w] : 0,
        d = y < h - 1 ? m[i + w] : 0;
      out[i] = all ? m[i] & l & r & u & d : m[i] | l | r | u | d;
    }
  return out;
}

/** The box around the blobs (4-connected, after the opening) of at least `minArea` pixels, or null. */
export function silhouetteBox(
  frame: Rgb,
  bg: Float32Array,
  opts: { threshold?: number; opening?: number; minArea?: number } = {},
): Box | null {
  const { threshold = 50, opening = 2, minArea = 400 } = opts;
  const { width: w, height: h, data } = frame;
  const g = gainAgainst(frame, bg);
  let m: Uint8Array = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++)
    for (let c = 0; c < 3; c++)
      if (Math.abs(data[p * 3 + c] / g[c] - bg[p * 3 + c]) > threshold) {
        m[p] = 1;
        break;
      }
  for (let k = 0; k < opening; k++) m = crossStep(m, w, h, true);
  for (let k = 0; k < opening; k++) m = crossStep(m, w, h, false);
  const seen = new Uint8Array(w * h);
  let box: Box | null = null;
  for (let start = 0; start < w * h; start++) {
    if (!m[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    const blob = { x1: w, y1: h, x2: 0, y2: 0, area: 0 };
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w,
        y = (p - x) / w;
      blob.area++;
      blob.x1 = Math.min(blob.x1, x);
      blob.y1 = Math.min(blob.y1, y);
      blob.x2 = Math.max(blob.x2, x + 1);
      blob.y2 = Math.max(blob.y2, y + 1);
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1])
        if (q >= 0 && m[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
    }
    if (blob.area < minArea) continue;
    box = box
      ? {
          x1: Math.min(box.x1, blob.x1),
          y1: Math.min(box.y1, blob.y1),
          x2: Math.max(box.x2, blob.x2),
          y2: Math.max(box.y2, blob.y2),
        }
      : { x1: blob.x1, y1: blob.y1, x2: blob.x2, y2: blob.y2 };
  }
  return box;
}

const lerp = (a: Box, b: Box, s: number): Box => ({
  x1: a.x1 + (b.x1 - a.x1) * s,
  y1: a.y1 + (b.y1 - a.y1) * s,
  x2: a.x2 + (b.x2 - a.x2) * s,
  y2: a.y2 + (b.y2 - a.y2) * s,
});

/**
 * Keyframes over one run of boxes (consecutive frames): its first frame, then each next one as far on as
 * linear interpolation from the last keeps every frame between at IoU ≥ minIou with its box; the last frame.
 */
export function greedyKeyframes(boxes: Box[], minIou: number): number[] {
  const keys = [0];
  let at = 0;
  while (at < boxes.length - 1) {
    let next = at + 1;
    while (
      next + 1 < boxes.length &&
      boxes
        .slice(at + 1, next + 1)
        .every((b, k) => iou(lerp(boxes[at], boxes[next + 1], (k + 1) / (next + 1 - at)), b) >= minIou)
    )
      next++;
    keys.push(next);
    at = next;
  }
  return keys;
}

/** Decodes the footage's frames (0-based numbers `pick` accepts) as RGB, one at a time. */
async function eachFrame(file: string, w: number, h: number, pick: string, use: (f: Rgb) => void): Promise<void> {
  const ff = spawn(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-v', 'error', '-i', file, '-vf', `select='${pick}'`, '-vsync', '0'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  const size = w * h * 3;
  let buf = Buffer.alloc(0);
  for await (const chunk of ff.stdout as AsyncIterable<Buffer>) {
    buf = Buffer.concat([buf, chunk]);
    while (buf.length >= size) {
      use({ width: w, height: h, data: new Uint8Array(buf.subarray(0, size)) });
      buf = buf.subarray(size);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('silhouette-boxes.ts')) {
  const opt = (k: string) => {
    const i = process.argv.indexOf(`--${k}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const folder = process.argv[2];
  const { info } = readMotLabels(path.join(REAL_LABELS_DIR, folder));
  const file = path.join(footageDir(), info.source);
  const emptyOpt = opt('empty');
  if (!emptyOpt) throw new Error('--empty a-b,c,…: frames with nobody in view');
  const empty = emptyOpt.split(',').map((r) => r.split('-').map(Number));
  if (empty.some((r) => r.some((n) => !Number.isInteger(n)))) throw new Error(`--empty ${emptyOpt}: not frame numbers`);
  const inEmpty = empty.map(([a, b]) => `between(n\\,${a}\\,${b ?? a})`).join('+');
  const emptyFrames: Rgb[] = [];
  await eachFrame(file, info.imWidth, info.imHeight, inEmpty, (f) => emptyFrames.push(f));
  const bg = backgroundOf(emptyFrames);
  const opts = { threshold: Number(opt('threshold') ?? 50), minArea: Number(opt('min-area') ?? 400) };
  const boxes: Array<Box | null> = [];
  await eachFrame(file, info.imWidth, info.imHeight, 'gte(n\\,0)', (f) => boxes.push(silhouetteBox(f, bg, opts)));
  // one id per run of frames with somebody in view: one person at a time
  const lines: string[] = [];
  const keys: string[] = [];
  let id = 0;
  for (let n = 0; n < boxes.length; n++) {
    if (!boxes[n] || boxes[n - 1]) continue;
    id++;
    let end = n;
    while (boxes[end + 1]) end++;
    const run = boxes.slice(n, end + 1) as Box[];
    const line = (f: number, b: Box) => [f + 1, id, b.x1, b.y1, b.x2 - b.x1, b.y2 - b.y1].join(',');
    run.forEach((b, k) => lines.push(line(n + k, b)));
    for (const k of greedyKeyframes(run, Number(opt('min-iou') ?? 0.9))) keys.push(line(n + k, run[k]));
  }
  const out = opt('out') ?? `/tmp/${folder}-silhouettes.txt`;
  fs.writeFileSync(out, lines.join('\n') + '\n');
  fs.writeFileSync(out.replace(/\.txt$/, '-keyframes.txt'), keys.join('\n') + '\n');
  console.log(
    `${emptyFrames.length} empty frames; ${lines.length} silhouette boxes in ${id} runs → ${out}; ${keys.length} proposed keyframes → ${out.replace(/\.txt$/, '-keyframes.txt')}`,
  );
}
