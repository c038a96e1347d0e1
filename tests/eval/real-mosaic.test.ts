// The scaled-down mosaic of real footage (bench/eval/real-mosaic.ts): its labels must follow the pixels of
// each window (the stretch shown, the scale, the mirror, the place), and it must not hold more people than
// the detector reads in one frame. The footage is not needed: a made-up source with a moving red square
// goes through the same ffmpeg recipe, and the people in view come from the committed labels.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMediaService } from '../../server/media/media-service';
import { TOPDOWN_MAX_PEOPLE } from '../../server/processing/topdown';
import {
  cellGroundTruth,
  CELL,
  FAR_CELL,
  FAR_MOSAIC_CELLS,
  mosaicArgs,
  mosaicProblems,
  MOSAIC_CELLS,
  MOSAIC_FRAMES,
  MOSAIC_OUTPUT,
  type CellSize,
  type MosaicCell,
  type MosaicSource,
} from '../../bench/eval/real-mosaic';
import { byFrame, readMotLabels, REAL_LABELS_DIR, resampledFrames } from '../../bench/eval/mot-labels';

const run = promisify(execFile);
const ffmpeg = createMediaService({
  ffmpegPath: process.env.FFMPEG_PATH,
  ffprobePath: process.env.FFPROBE_PATH,
}).ffmpegPath;

/** A 480×270, 10 fps source whose only "person" is a red 40×40 square moving 4 px right per frame (40 px a second). */
const SQUARE = (n: number) => ({ x1: 20 + 4 * n, y1: 100, x2: 60 + 4 * n, y2: 140 });
const made: MosaicSource = {
  file: '',
  output: { width: 480, height: 270, fps: 10 },
  frames: 60,
  groundTruth: (n) => [{ id: 'person 1', box: SQUARE(n) }],
};

/** The centre of the red pixels inside a window of an RGB frame, or null when there are none. */
function redCentre(rgb: Buffer, cell: MosaicCell, size: CellSize): [number, number] | null {
  let sx = 0,
    sy = 0,
    count = 0;
  for (let y = cell.row * size.height; y < (cell.row + 1) * size.height; y++)
    for (let x = cell.col * size.width; x < (cell.col + 1) * size.width; x++) {
      const o = (y * MOSAIC_OUTPUT.width + x) * 3;
      if (rgb[o] > 180 && rgb[o + 1] < 90 && rgb[o + 2] < 90) {
        sx += x;
        sy += y;
        count++;
      }
    }
  return count > 8 ? [sx / count, sy / count] : null;
}

describe('the scaled-down mosaic of real footage', () => {
  it('lays each window where its labels say, at the stretch, scale and mirror they say, in windows of either size', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-mosaic-'));
    const source = path.join(dir, 'source.mp4');
    await run(ffmpeg, [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x808080:s=480x270:r=10:d=6'],
      ...['-f', 'lavfi', '-i', 'color=c=red:s=40x40:r=10:d=6'],
      ...['-filter_complex', '[0][1]overlay=x=20+40*t:y=100', '-frames:v', '60'],
      ...['-c:v', 'libx264', '-crf', '10', '-pix_fmt', 'yuv420p', source],
    ]);
    const cells: MosaicCell[] = [
      { clip: 'made', start: 10, col: 1, row: 2 },
      { clip: 'made', start: 3, flip: true, col: 3, row: 4 },
    ];
    for (const size of [CELL, FAR_CELL]) {
      expect(mosaicProblems(cells, new Map([['made', made]]), size)).toEqual([]);
      const out = path.join(dir, `mosaic-${size.width}.mp4`);
      await run(ffmpeg, ['-v', 'error', '-y', ...mosaicArgs(cells, [source, source], size), out]);
      const { stdout } = await run(ffmpeg, ['-v', 'error', '-i', out, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
      });
      const frameBytes = MOSAIC_OUTPUT.width * MOSAIC_OUTPUT.height * 3;
      expect(stdout.length).toBe(MOSAIC_FRAMES * frameBytes);
      for (const n of [0, 17, 44])
        cells.forEach((cell, i) => {
          const [label] = cellGroundTruth(cell, i, made, n, size);
          const centre = redCentre(stdout.subarray(n * frameBytes, (n + 1) * frameBytes), cell, size)!;
          expect(centre).not.toBeNull();
          expect(Math.abs(centre[0] - (label.box.x1 + label.box.x2) / 2)).toBeLessThan(2);
          expect(Math.abs(centre[1] - (label.box.y1 + label.box.y2) / 2)).toBeLessThan(2);
          expect(label.id).toBe(`window ${i + 1} person 1`);
        });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("mirrors a window's labels with its pixels and scales them to the window", () => {
    const [plain] = cellGroundTruth({ clip: 'made', start: 0, col: 0, row: 0 }, 0, made, 0);
    const [mirrored] = cellGroundTruth({ clip: 'made', start: 0, flip: true, col: 1, row: 1 }, 1, made, 0);
    // ×0.4 both ways: 480×270 → 192×108
    expect(plain.box).toEqual({ x1: 8, y1: 40, x2: 24, y2: 56 });
    expect(mirrored.box.x1).toBeCloseTo(192 + (480 - 60) * 0.4);
    expect(mirrored.box.x2).toBeCloseTo(192 + (480 - 20) * 0.4);
    expect(mirrored.box.y1).toBeCloseTo(108 + 40);
  });

  it("scales the far mosaic's labels to its smaller windows, which lie on the canvas apart", () => {
    const [far] = cellGroundTruth({ clip: 'made', start: 0, col: 1, row: 1 }, 0, made, 0, FAR_CELL);
    // ×(128 / 480) both ways: the 40 px square is 10.7 px, a person 140–250 px tall is 37–67 px
    expect(far.box.x1).toBeCloseTo(128 + 20 * (128 / 480));
    expect(far.box.y2 - far.box.y1).toBeCloseTo(40 * (72 / 270));
    const long: MosaicSource = { ...made, frames: 2000 };
    const sources = new Map(FAR_MOSAIC_CELLS.map((c) => [c.clip, long]));
    expect(mosaicProblems(FAR_MOSAIC_CELLS, sources, FAR_CELL)).toEqual([]);
  });

  it('names a window that runs past its footage, lies outside the canvas or on another window', () => {
    const problems = mosaicProblems(
      [
        { clip: 'made', start: 20, col: 0, row: 0 },
        { clip: 'made', start: 0, col: 4, row: 0 },
        { clip: 'made', start: 0, col: 0, row: 0 },
        { clip: 'gone', start: 0, col: 1, row: 0 },
      ],
      new Map([['made', made]]),
    );
    expect(problems).toEqual([
      'window 1: made ends before frame 65',
      'window 2: outside the canvas',
      'window 3: on another window',
      'window 4: no clip gone',
    ]);
  });

  it('never holds more people in view than the detector reads in one frame', () => {
    const aisle = readMotLabels(path.join(REAL_LABELS_DIR, 'store-aisle-detection'));
    const room = readMotLabels(path.join(REAL_LABELS_DIR, 'one-by-one-person-detection'));
    const aisleAt = resampledFrames(aisle.info.seqLength, aisle.info.frameRate, 10);
    const labelsOf = {
      'store-aisle-10fps': byFrame(aisle.people),
      'one-by-one-person-detection': byFrame(room.people),
    };
    const sourceFrame = (c: MosaicCell, n: number) =>
      c.clip === 'store-aisle-10fps' ? aisleAt[c.start + n] : c.start + n;
    let most = 0;
    for (let n = 0; n < MOSAIC_FRAMES; n++) {
      const inView = MOSAIC_CELLS.reduce(
        (sum, c) => sum + (labelsOf[c.clip as keyof typeof labelsOf].get(sourceFrame(c, n))?.length ?? 0),
        0,
      );
      most = Math.max(most, inView);
    }
    expect(most).toBeGreaterThanOrEqual(8);
    expect(most).toBeLessThanOrEqual(TOPDOWN_MAX_PEOPLE);
    expect(aisleAt.length).toBeGreaterThanOrEqual(MOSAIC_FRAMES);
  });
});
