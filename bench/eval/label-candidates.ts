// Labelling aid, not ground truth: runs the pose model on a still photo (whole photo at 512 px plus
// overlapping tiles) and prints candidate people as JSON in photo pixels, for a human to check on a
// drawing (bench/eval/draw-labels.ts) and correct by hand. Run: npx tsx bench/eval/label-candidates.ts sample2
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ensureModel } from '../../server/processing/model-fetch';
import { decodeMoveNet, PosePool } from '../../server/processing/pose-pool';

const name = process.argv[2] ?? 'sample6';
const img = await loadImage(path.resolve(`.cache/face-api/${name}.jpg`));
const pool = await PosePool.start(await ensureModel(path.resolve('.cache/models')), 1);
const ceil32 = (v: number) => Math.ceil(v / 32) * 32;

async function run(sx: number, sy: number, sw: number, sh: number, long: number) {
  const k = long / Math.max(sw, sh);
  const w = Math.round(sw * k),
    h = Math.round(sh * k),
    W = ceil32(w),
    H = ceil32(h);
  const c = createCanvas(W, H);
  const g = c.getContext('2d');
  g.fillStyle = 'black';
  g.fillRect(0, 0, W, H);
  g.drawImage(img, sx, sy, sw, sh, 0, 0, w, h);
  const rgba = g.getImageData(0, 0, W, H).data;
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4) {
    rgb[j++] = rgba[i];
    rgb[j++] = rgba[i + 1];
    rgb[j++] = rgba[i + 2];
  }
  const people = decodeMoveNet(await pool.infer(rgb, W, H), { scaledW: w, scaledH: h, inputW: W, inputH: H }, 0.1);
  return people.map((p) => ({
    source: `${sx},${sy},${sw}x${sh}@${long}`,
    score: +p.score.toFixed(3),
    box: [p.box.x1 * sw + sx, p.box.y1 * sh + sy, p.box.x2 * sw + sx, p.box.y2 * sh + sy].map(Math.round),
    keypoints: p.keypoints.map(([x, y, s]) => [Math.round(x * sw + sx), Math.round(y * sh + sy), +s.toFixed(2)]),
  }));
}
const W = img.width,
  H = img.height,
  out = [];
for (const long of [256, 384, 512]) out.push(...(await run(0, 0, W, H, long)));
const tw = Math.round(W * 0.6),
  th = Math.round(H * 0.6);
for (const [sx, sy] of [
  [0, 0],
  [W - tw, 0],
  [0, H - th],
  [W - tw, H - th],
])
  out.push(...(await run(sx, sy, tw, th, 512)));
console.log(JSON.stringify(out));
await pool.close();
