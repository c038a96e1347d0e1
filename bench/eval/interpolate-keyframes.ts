// Writes a labelled clip's gt.txt from its keyframes.txt, as CVAT fills in a track: each person's box
// at every frame between two of their keyframes is the linear interpolation of the two. keyframes.txt
// holds MOT lines (frame from 1, id, left, top, width, height); a line with width 0 marks the person
// out of view from that frame until their next keyframe (CVAT's 'outside'). Only keyframes checked by
// eye go into the file, and every frame of the result is checked again on drawn frames
// (draw-mot-labels.ts). Run: npx tsx bench/eval/interpolate-keyframes.ts <folder under real-labels>
import fs from 'node:fs';
import path from 'node:path';
import { parseMotLines, REAL_LABELS_DIR, type MotLabel } from './mot-labels';

/** Every frame's box of each id from its keyframes (0-based frames, sorted by frame then id). */
export function interpolateKeyframes(keys: MotLabel[]): MotLabel[] {
  const out: MotLabel[] = [];
  const ids = [...new Set(keys.map((k) => k.id))];
  for (const id of ids) {
    const ks = keys.filter((k) => k.id === id).sort((a, b) => a.frame - b.frame);
    ks.forEach((a, i) => {
      if (a.box.x2 <= a.box.x1) return; // 'outside' from here to the next keyframe
      const b = ks[i + 1];
      out.push({ frame: a.frame, id, box: { ...a.box } });
      if (!b || b.box.x2 <= b.box.x1) return;
      for (let f = a.frame + 1; f < b.frame; f++) {
        const s = (f - a.frame) / (b.frame - a.frame);
        const at = (p: 'x1' | 'y1' | 'x2' | 'y2') => a.box[p] + (b.box[p] - a.box[p]) * s;
        out.push({ frame: f, id, box: { x1: at('x1'), y1: at('y1'), x2: at('x2'), y2: at('y2') } });
      }
    });
  }
  return out.sort((a, b) => a.frame - b.frame || a.id - b.id);
}

/** Tenths of a pixel, as integers: the right and bottom edges are rounded, not the sizes, so that a box
 * interpolated up to the frame's edge does not end a tenth beyond it. */
const tenths = (v: number) => Math.round(v * 10);
const px = (t: number) => String(t / 10);

/** gt.txt lines: frame (from 1), id, left, top, width, height, 1, 1, 1. */
export function motLines(labels: MotLabel[]): string {
  return labels
    .map((l) => {
      const [x1, y1, x2, y2] = [l.box.x1, l.box.y1, l.box.x2, l.box.y2].map(tenths);
      return [l.frame + 1, l.id, px(x1), px(y1), px(x2 - x1), px(y2 - y1), 1, 1, 1].join(',');
    })
    .join('\n')
    .concat('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('interpolate-keyframes.ts')) {
  const dir = path.join(REAL_LABELS_DIR, process.argv[2] ?? '');
  const keys = parseMotLines(fs.readFileSync(path.join(dir, 'keyframes.txt'), 'utf8'), 'keyframes.txt');
  const gt = interpolateKeyframes(keys);
  fs.writeFileSync(path.join(dir, 'gt.txt'), motLines(gt));
  console.log(`${keys.length} keyframes → ${gt.length} boxes in ${path.join(dir, 'gt.txt')}`);
}
