// Draws hand labels (tests/fixtures/ai/<photo>.labels.json) or model candidates onto the photo, so a
// person can check every box and keypoint by eye. Run:
//   npx tsx bench/eval/draw-labels.ts sample6 [--candidates file.json] [--crop x,y,w,h] [--scale 0.5] [--out out.png]
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { COCO_KEYPOINTS, COCO_SKELETON } from '../../domain/constants';
import { loadPhotoLabels, type Keypoint } from './labels';

const name = process.argv[2] ?? 'sample6';
const opt = (k: string) => {
  const i = process.argv.indexOf(`--${k}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const img = await loadImage(path.resolve(`.cache/face-api/${name}.jpg`));
const [cx, cy, cw, ch] = (opt('crop') ?? `0,0,${img.width},${img.height}`).split(',').map(Number);
const scale = Number(opt('scale') ?? (opt('crop') ? 1 : 0.5));
const out = opt('out') ?? `/tmp/${name}-labels.png`;

interface Drawn {
  label: string;
  box: number[];
  keypoints: Array<Keypoint | null>;
}
const people: Drawn[] = opt('candidates')
  ? (
      JSON.parse(fs.readFileSync(opt('candidates')!, 'utf8')) as Array<{
        source: string;
        score: number;
        box: number[];
        keypoints: number[][];
      }>
    ).map((c, i) => ({
      label: `${i}:${c.score}`,
      box: c.box,
      keypoints: c.keypoints.map((k) => (k[2] > 0.2 ? ([k[0], k[1], 2] as Keypoint) : null)),
    }))
  : loadPhotoLabels(name).people.map((p) => ({
      label: p.id,
      box: p.box,
      keypoints: COCO_KEYPOINTS.map((k) => p.keypoints[k] ?? null),
    }));

const c = createCanvas(Math.round(cw * scale), Math.round(ch * scale));
const g = c.getContext('2d');
g.drawImage(img, cx, cy, cw, ch, 0, 0, c.width, c.height);
const P = (x: number, y: number): [number, number] => [(x - cx) * scale, (y - cy) * scale];
const colours = ['#ff3b30', '#34c759', '#0a84ff', '#ffcc00', '#ff2dff', '#00e5ff', '#ff9500', '#ffffff'];
people.forEach((p, i) => {
  const col = colours[i % colours.length];
  g.strokeStyle = col;
  g.fillStyle = col;
  g.lineWidth = 2;
  const [x1, y1] = P(p.box[0], p.box[1]),
    [x2, y2] = P(p.box[2], p.box[3]);
  g.strokeRect(x1, y1, x2 - x1, y2 - y1);
  g.font = 'bold 16px sans-serif';
  g.fillText(p.label, x1 + 3, y1 + 16);
  for (const [a, b] of COCO_SKELETON) {
    const ka = p.keypoints[a],
      kb = p.keypoints[b];
    if (!ka || !kb) continue;
    g.beginPath();
    g.moveTo(...P(ka[0], ka[1]));
    g.lineTo(...P(kb[0], kb[1]));
    g.stroke();
  }
  p.keypoints.forEach((k, j) => {
    if (!k) return;
    const [x, y] = P(k[0], k[1]);
    g.beginPath();
    g.arc(x, y, 4, 0, Math.PI * 2);
    if (k[2] === 2) g.fill();
    else g.stroke();
    g.font = '11px sans-serif';
    g.fillText(String(j), x + 5, y - 3);
  });
});
fs.writeFileSync(out, c.toBuffer('image/png'));
console.log(out);
