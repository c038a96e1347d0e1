// Contact sheet of a labelled footage clip's frames with boxes drawn, so that a person checks every
// label by eye: the clip's gt.txt (green, id at the top left) and optionally a second MOT file (red:
// model proposals or the pipeline's output), its still things (yellow), a pixel grid to read positions
// from. The frames come from the footage itself, decoded frame by frame (never written to the repo).
// Run: npx tsx bench/eval/draw-mot-labels.ts <folder> [--gt file] [--also file] [--frames 0-40|3,9,17] [--step 1]
//   [--crop x,y,w,h] [--follow id] [--scale 2] [--cols 4] [--grid 10] [--out sheet.png]   (frames 0-based)
// --follow centres each frame's crop (of the --crop size) on that id's box in the --also file, or the labels.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCanvas, ImageData, type SKRSContext2D } from '@napi-rs/canvas';
import { byFrame, parseMotLines, readMotLabels, REAL_LABELS_DIR, type MotLabel } from './mot-labels';
import { footageDir } from './real-clips';

const run = promisify(execFile);
const folder = process.argv[2];
const opt = (k: string) => {
  const i = process.argv.indexOf(`--${k}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const dir = path.join(REAL_LABELS_DIR, folder);
const labels = readMotLabels(dir);
const { imWidth: W, imHeight: H, seqLength } = labels.info;
const gt = byFrame(opt('gt') ? parseMotLines(fs.readFileSync(opt('gt')!, 'utf8'), 'gt') : labels.people);
const also: Map<number, MotLabel[]> = opt('also')
  ? byFrame(parseMotLines(fs.readFileSync(opt('also')!, 'utf8'), 'also'))
  : new Map();
const still = byFrame(labels.stillThings);
// --frames a-b (a range, every --step-th), a (one frame) or a,b,c (just those: a person's keyframes)
const framesOpt = opt('frames') ?? `0-${seqLength - 1}`;
const listed = framesOpt.includes(',') ? framesOpt.split(',').filter(Boolean).map(Number) : null;
const range = framesOpt.split('-').map(Number);
const [from, to] = listed ? [Math.min(...listed), Math.max(...listed)] : [range[0], range[1] ?? range[0]];
const step = Number(opt('step') ?? 1);
const [cropX, cropY, cw, ch] = (opt('crop') ?? `0,0,${W},${H}`).split(',').map(Number);
const follow = opt('follow') ? Number(opt('follow')) : null;
let cx = cropX,
  cy = cropY;
const scale = Number(opt('scale') ?? 1);
const cols = Number(opt('cols') ?? 4);
const grid = Number(opt('grid') ?? 0);
const out = opt('out') ?? `/tmp/${folder}-sheet.png`;

const { stdout } = await run(
  process.env.FFMPEG_PATH || 'ffmpeg',
  [
    '-v',
    'error',
    '-i',
    path.join(footageDir(), labels.info.source),
    // only the frames drawn: a long clip's every frame would not fit in memory
    '-vf',
    `select='between(n\\,${from}\\,${to})'`,
    '-vsync',
    '0',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    'pipe:1',
  ],
  { encoding: 'buffer', maxBuffer: 1024 * 1024 * 1024 },
);
const frameBytes = W * H * 4;
const frames: number[] = listed ? listed.filter((n) => n < seqLength) : [];
if (!listed) for (let n = from; n <= Math.min(to, seqLength - 1); n += step) frames.push(n);
const tw = Math.round(cw * scale),
  th = Math.round(ch * scale);
const rows = Math.ceil(frames.length / cols);
const sheet = createCanvas(tw * Math.min(cols, frames.length), th * rows);
const g = sheet.getContext('2d');
const one = createCanvas(W, H);

function boxes(c: SKRSContext2D, list: MotLabel[], colour: string, ox: number, oy: number, labelAtTop: boolean) {
  c.strokeStyle = c.fillStyle = colour;
  c.lineWidth = 1;
  c.font = 'bold 12px sans-serif';
  for (const l of list) {
    const x = ox + (l.box.x1 - cx) * scale,
      y = oy + (l.box.y1 - cy) * scale;
    c.strokeRect(x, y, (l.box.x2 - l.box.x1) * scale, (l.box.y2 - l.box.y1) * scale);
    c.fillText(String(l.id), x + 2, labelAtTop ? y + 12 : y + (l.box.y2 - l.box.y1) * scale - 3);
  }
}

frames.forEach((n, i) => {
  const ox = (i % cols) * tw,
    oy = Math.floor(i / cols) * th;
  const followed =
    follow == null ? undefined : [...(also.get(n) ?? []), ...(gt.get(n) ?? [])].find((l) => l.id === follow);
  if (followed) {
    cx = Math.round(Math.min(W - cw, Math.max(0, (followed.box.x1 + followed.box.x2 - cw) / 2)));
    cy = Math.round(Math.min(H - ch, Math.max(0, (followed.box.y1 + followed.box.y2 - ch) / 2)));
  }
  const px = stdout.subarray((n - from) * frameBytes, (n - from + 1) * frameBytes);
  one.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(px), W, H), 0, 0);
  g.save();
  g.beginPath();
  g.rect(ox, oy, tw, th);
  g.clip();
  g.imageSmoothingEnabled = false;
  g.drawImage(one, cx, cy, cw, ch, ox, oy, tw, th);
  if (grid) {
    g.lineWidth = 1;
    g.font = '10px sans-serif';
    for (let v = Math.ceil(cx / grid) * grid; v < cx + cw; v += grid) {
      g.strokeStyle = v % (grid * 5) ? 'rgba(0,255,255,0.25)' : 'rgba(0,255,255,0.6)';
      g.beginPath();
      g.moveTo(ox + (v - cx) * scale, oy);
      g.lineTo(ox + (v - cx) * scale, oy + th);
      g.stroke();
      if (!(v % (grid * 5))) {
        g.fillStyle = 'cyan';
        g.fillText(String(v), ox + (v - cx) * scale + 1, oy + th - 2);
      }
    }
    for (let v = Math.ceil(cy / grid) * grid; v < cy + ch; v += grid) {
      g.strokeStyle = v % (grid * 5) ? 'rgba(0,255,255,0.25)' : 'rgba(0,255,255,0.6)';
      g.beginPath();
      g.moveTo(ox, oy + (v - cy) * scale);
      g.lineTo(ox + tw, oy + (v - cy) * scale);
      g.stroke();
      if (!(v % (grid * 5))) {
        g.fillStyle = 'cyan';
        g.fillText(String(v), ox + 1, oy + (v - cy) * scale - 1);
      }
    }
  }
  boxes(g, still.get(n) ?? [], '#ffd60a', ox, oy, false);
  boxes(g, also.get(n) ?? [], '#ff453a', ox, oy, false);
  boxes(g, gt.get(n) ?? [], '#30d158', ox, oy, true);
  g.fillStyle = 'white';
  g.strokeStyle = 'black';
  g.font = 'bold 14px sans-serif';
  g.strokeText(`f${n}`, ox + tw - 40, oy + 16);
  g.fillText(`f${n}`, ox + tw - 40, oy + 16);
  if (follow != null) console.log(`f${n}: crop at ${cx},${cy}`);
  g.strokeStyle = 'black';
  g.strokeRect(ox, oy, tw, th);
  g.restore();
});
fs.writeFileSync(out, sheet.toBuffer('image/png'));
console.log(out);
