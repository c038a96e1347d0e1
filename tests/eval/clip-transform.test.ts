// The ground truth of a fixture clip is the photo labels mapped through the clip's transform. This runs
// synthetic "photos" with coloured marker squares through the same ffmpeg recipe and checks that each
// marker lands where the transform says (centre within 2 px), on frames across every key segment.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import { createMediaService } from '../../server/media/media-service';
import { peopleClipArgs } from '../../server/services/sample-media';
import { applyTransform, type ClipOutput } from '../../bench/eval/clip-recipe';
import { actorMap, compositeArgs, covers } from '../../bench/eval/composite';
import { loadClips, panZoomPlan } from '../../bench/eval/fixtures';
import { loadPhotoLabels } from '../../bench/eval/labels';
import { samplePeopleTransform } from '../../bench/eval/sample-people-transform';

const run = promisify(execFile);
const ffmpeg = createMediaService({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
}).ffmpegPath;
const { output: out, clips } = loadClips();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-eval-'));

const COLOURS = [
  [255, 0, 0],
  [0, 255, 0],
  [0, 0, 255],
  [255, 255, 0],
  [0, 255, 255],
  [255, 0, 255],
  [255, 255, 255],
  [0, 0, 0],
  [255, 128, 0],
];
const SIDE = 80;
interface Marker {
  colour: number[];
  box: number[];
}
type Mapper = (x: number, y: number) => [number, number];

/** A grey photo of w×h with three marker squares at fractions of `region` ([x1, y1, x2, y2]). */
function markerPhoto(
  w: number,
  h: number,
  region: number[],
  colours: number[][],
  tag: string,
  side = SIDE,
): { file: string; markers: Marker[] } {
  const c = createCanvas(w, h),
    g = c.getContext('2d');
  g.fillStyle = '#808080';
  g.fillRect(0, 0, w, h);
  const at = [
    [0.3, 0.35],
    [0.55, 0.5],
    [0.4, 0.75],
  ];
  const markers = colours.map((colour, i) => {
    const x = Math.round(region[0] + at[i][0] * (region[2] - region[0]) - side / 2),
      y = Math.round(region[1] + at[i][1] * (region[3] - region[1]) - side / 2);
    g.fillStyle = `rgb(${colour.join(',')})`;
    g.fillRect(x, y, side, side);
    return { colour, box: [x, y, x + side, y + side] };
  });
  // JPEG (as the photos are): the action clip decodes its looped inputs every frame, and PNG is slow to decode
  const file = path.join(tmp, `markers-${tag}.jpg`);
  fs.writeFileSync(file, c.toBuffer('image/jpeg', 95));
  return { file, markers };
}

/** Runs the recipe's filter graph and returns the chosen frames as RGB. */
async function framesOf(args: string[], frames: number[], size: ClipOutput = out): Promise<Buffer[]> {
  const i = args.indexOf('-filter_complex');
  const graph = args[i + 1].replace(
    /\[out\]$/,
    `,select='${frames.map((n) => `eq(n\\,${n})`).join('+')}',format=rgb24[out]`,
  );
  const { stdout } = await run(
    ffmpeg,
    [
      '-v',
      'error',
      ...args.slice(0, i),
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-vsync',
      '0',
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
  );
  const bytes = size.width * size.height * 3;
  expect(stdout.length).toBe(bytes * frames.length);
  return frames.map((_, k) => stdout.subarray(k * bytes, (k + 1) * bytes));
}

/** Bounding box of the pixels close to `colour` inside `near` ([x1, y1, x2, y2]), or null. */
function findMarker(rgb: Buffer, colour: number[], size: ClipOutput, near: number[]): number[] | null {
  let x1 = Infinity,
    y1 = Infinity,
    x2 = -1,
    y2 = -1;
  for (let y = Math.max(0, near[1]); y < Math.min(size.height, near[3]); y++) {
    for (let x = Math.max(0, near[0]); x < Math.min(size.width, near[2]); x++) {
      const o = (y * size.width + x) * 3;
      if (Math.abs(rgb[o] - colour[0]) + Math.abs(rgb[o + 1] - colour[1]) + Math.abs(rgb[o + 2] - colour[2]) > 100)
        continue;
      x1 = Math.min(x1, x);
      y1 = Math.min(y1, y);
      x2 = Math.max(x2, x + 1);
      y2 = Math.max(y2, y + 1);
    }
  }
  return x2 < 0 ? null : [x1, y1, x2, y2];
}

/** Checks every marker whose mapped square is wholly in view (and not hidden) against the pixels; returns how many. */
function expectMarkersWhereMapped(
  rgb: Buffer,
  markers: Array<Marker & { map: Mapper; hidden?: (x: number, y: number) => boolean }>,
  label: string,
  size: ClipOutput = out,
): number {
  let seen = 0;
  for (const m of markers) {
    const [a, b, c, d] = m.box;
    const corners = [m.map(a, b), m.map(c, b), m.map(a, d), m.map(c, d)];
    const want = [
      Math.min(...corners.map((p) => p[0])),
      Math.min(...corners.map((p) => p[1])),
      Math.max(...corners.map((p) => p[0])),
      Math.max(...corners.map((p) => p[1])),
    ];
    if (want[0] < 2 || want[1] < 2 || want[2] > size.width - 2 || want[3] > size.height - 2) continue;
    if (
      m.hidden &&
      corners.concat([[(want[0] + want[2]) / 2, (want[1] + want[3]) / 2]]).some(([x, y]) => m.hidden!(x, y))
    )
      continue;
    // looked for near where it should be: elsewhere, the blurred edge of a red and a yellow square can read as orange
    const margin = 12;
    const near = [want[0] - margin, want[1] - margin, want[2] + margin, want[3] + margin].map(Math.round);
    const found = findMarker(rgb, m.colour, size, near);
    expect(found, `${label}: marker ${m.colour}`).not.toBeNull();
    // the centre within 2 px; each edge within 3 (a turned square loses its thin corner tips to the colour threshold)
    const centre = Math.max(
      Math.abs((want[0] + want[2]) / 2 - (found![0] + found![2]) / 2),
      Math.abs((want[1] + want[3]) / 2 - (found![1] + found![3]) / 2),
    );
    const edge = Math.max(...want.map((v, k) => Math.abs(v - found![k])));
    const what = `${label}: marker ${m.colour} at ${found} vs mapped ${want.map((v) => v.toFixed(1))}`;
    expect(centre, what).toBeLessThanOrEqual(2);
    expect(edge, what).toBeLessThanOrEqual(3);
    seen++;
  }
  return seen;
}

const framesToCheck = (duration: number, fps = out.fps) => {
  const total = Math.round(duration * fps);
  return [0, Math.round(total * 0.3), Math.round(total / 2) + 1, Math.round(total * 0.55), total - 1];
};

describe('fixture clip ground truth', () => {
  for (const r of clips) {
    it(`${r.name}: marker squares land where the clip transform maps them`, async () => {
      const o = (r.kind === 'composite' && r.output) || out;
      const frames = framesToCheck(r.duration, o.fps);
      let seen = 0;
      if (r.kind === 'composite') {
        const files = new Map<number, { file: string; markers: Marker[] }>();
        r.actors.forEach((a, i) => {
          const { width, height } = loadPhotoLabels(a.photo);
          // at least 10 px on screen: smaller squares blur into the grey when a small person is scaled down
          const side = Math.max(SIDE, Math.ceil(10 / a.scale));
          files.set(i, markerPhoto(width, height, a.crop, COLOURS.slice(i * 3, i * 3 + 3), `${r.name}-${i}`, side));
        });
        // each actor's photo input is replaced by its marker photo (inputs are in actor order after the background)
        const args = compositeArgs(r, o, () => 'PHOTO');
        let k = 0;
        const withMarkers = args.map((v) => (v === 'PHOTO' ? files.get(k++)!.file : v));
        const got = await framesOf(withMarkers, frames, o);
        frames.forEach((n, f) => {
          seen += expectMarkersWhereMapped(
            got[f],
            r.actors.flatMap((a, i) =>
              files.get(i)!.markers.map((m) => ({
                ...m,
                map: actorMap(a, o, n),
                hidden: (x: number, y: number) => r.actors.slice(i + 1).some((b) => covers(b, o, n, x, y)),
              })),
            ),
            `${r.name} frame ${n}`,
            o,
          );
        });
      } else {
        const { width, height } = loadPhotoLabels(r.photo);
        const { file, markers } = markerPhoto(width, height, [0, 0, width, height], COLOURS.slice(0, 3), r.name);
        const tf =
          r.kind === 'sample-people-pan'
            ? (n: number) => samplePeopleTransform(n, width, height)
            : panZoomPlan(r, out, file, width, height).transformAt;
        const args =
          r.kind === 'sample-people-pan' ? peopleClipArgs(file) : panZoomPlan(r, out, file, width, height).args;
        const got = await framesOf(args, frames);
        frames.forEach((n, f) => {
          const m = tf(n);
          seen += expectMarkersWhereMapped(
            got[f],
            markers.map((mk) => ({ ...mk, map: (x: number, y: number) => applyTransform(m, x, y) })),
            `${r.name} frame ${n}`,
          );
        });
      }
      expect(seen, 'markers checked').toBeGreaterThanOrEqual(frames.length);
    }, 180_000);
  }
});
