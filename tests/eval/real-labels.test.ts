// The committed labels of real footage (bench/eval/real-labels/): each clip's gt.txt is well formed, its
// ids stay with one person, its boxes lie inside the frame and its frames inside the clip, and it is what
// its checked keyframes interpolate to. None of this needs the footage.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { interpolateKeyframes, motLines } from '../../bench/eval/interpolate-keyframes';
import {
  labelProblems,
  parseMotLines,
  readMotLabels,
  REAL_LABELS_DIR,
  resampledFrames,
  type MotLabels,
} from '../../bench/eval/mot-labels';
import { REAL_CLIPS } from '../../bench/eval/real-clips';

const folders = fs
  .readdirSync(REAL_LABELS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const clip = (people: MotLabels['people']): MotLabels => ({
  info: { name: 't', frameRate: 12, seqLength: 10, imWidth: 100, imHeight: 50, source: 'x.gif', sha256: 'x' },
  people,
  stillThings: [],
});
const box = (x1: number, y1: number, x2: number, y2: number) => ({ x1, y1, x2, y2 });

describe('labels of real footage', () => {
  it('every labelled clip the eval lists has its folder, and every folder is in the eval', () => {
    const listed = new Set(REAL_CLIPS.filter((r) => r.format === 'mot-labels').map((r) => r.folder));
    expect([...listed].sort()).toEqual(folders.filter((f) => listed.has(f)).sort());
    expect(folders.filter((f) => !listed.has(f))).toEqual([]);
    expect(folders.length).toBeGreaterThanOrEqual(1);
  });

  for (const folder of folders) {
    describe(folder, () => {
      const dir = path.join(REAL_LABELS_DIR, folder);
      const labels = readMotLabels(dir);

      it('has persistent ids, boxes inside the frame and frames inside the clip', () => {
        expect(labelProblems(labels)).toEqual([]);
        expect(labels.people.length).toBeGreaterThan(0);
        expect(labels.info.source).toMatch(new RegExp(`${folder}\\.`));
      });

      it('gt.txt is the linear interpolation of its checked keyframes, in MOTChallenge ground-truth form', () => {
        const text = fs.readFileSync(path.join(dir, 'gt.txt'), 'utf8');
        const keys = parseMotLines(fs.readFileSync(path.join(dir, 'keyframes.txt'), 'utf8'), 'keyframes.txt');
        expect(motLines(interpolateKeyframes(keys))).toBe(text);
        for (const line of text.trim().split('\n')) expect(line).toMatch(/^\d+,\d+(,-?[\d.]+){4},1,1,1$/);
      });

      it('says where the footage came from, its licence and its checksum', () => {
        const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
        expect(readme).toContain('Creative Commons Attribution 4.0');
        expect(readme).toContain('Intel Corporation, intel-iot-devkit/sample-videos');
        expect(readme).toContain(labels.info.sha256);
      });
    });
  }
});

describe('label checks', () => {
  it('finds a box outside the frame, a frame outside the clip, an id twice in a frame and a jumping id', () => {
    const problems = labelProblems(
      clip([
        { frame: 0, id: 1, box: box(90, 10, 101, 40) },
        { frame: 10, id: 2, box: box(10, 10, 20, 40) },
        { frame: 1, id: 3, box: box(10, 10, 20, 40) },
        { frame: 1, id: 3, box: box(12, 10, 22, 40) },
        { frame: 2, id: 4, box: box(10, 10, 20, 40) },
        { frame: 3, id: 4, box: box(40, 10, 50, 40) },
      ]),
    );
    expect(problems).toEqual([
      'gt.txt frame 1 id 1: box outside the frame',
      'gt.txt frame 2 id 3: two boxes for one id',
      'gt.txt frame 4 id 4: box jumps 30 px from the frame before',
      'gt.txt frame 11 id 2: frame outside the clip',
    ]);
  });

  it('accepts a person walking on and leaving', () => {
    const walk = [0, 1, 2, 3].map((f) => ({ frame: f, id: 1, box: box(10 + 3 * f, 10, 20 + 3 * f, 40) }));
    expect(labelProblems(clip(walk))).toEqual([]);
  });

  it('accepts a person walking in close to the camera, their box growing from a head at the edge', () => {
    // a head 40 px tall at the bottom edge, then head and shoulders, as on one-by-one-person-detection
    const walkIn = [box(172, 391, 250, 432), box(195, 341, 303, 432), box(192, 277, 400, 432)].map((b, f) => ({
      frame: f,
      id: 1,
      box: b,
    }));
    expect(labelProblems({ ...clip(walkIn), info: { ...clip([]).info, imWidth: 768, imHeight: 432 } })).toEqual([]);
  });

  it('refuses a line that is not a MOT line', () => {
    expect(() => parseMotLines('1,1,10,10,5\n', 'gt.txt')).toThrow('gt.txt line 1');
    expect(() => parseMotLines('1,1,10,x,5,5,1,1,1\n', 'gt.txt')).toThrow('not a MOT line');
  });

  it('interpolates between keyframes and leaves a person out of view after a zero-width keyframe', () => {
    const keys = parseMotLines('1,7,0,0,10,20\n3,7,4,0,10,20\n4,7,0,0,0,0\n6,7,20,0,10,20\n', 'k');
    expect(interpolateKeyframes(keys).map((l) => [l.frame, l.box.x1])).toEqual([
      [0, 0],
      [1, 2],
      [2, 4],
      [5, 20],
    ]);
  });

  it('writes a box interpolated down to the frame edge as ending at the edge, not a tenth beyond it', () => {
    const keys = parseMotLines('1,1,0,100,10,170\n3,1,0,100.5,10,169.5\n', 'k');
    const lines = motLines(interpolateKeyframes(keys)).trim().split('\n');
    expect(lines[1]).toBe('2,1,0,100.3,10,169.7,1,1,1');
    const people = parseMotLines(lines.join('\n'), 'gt.txt');
    expect(labelProblems({ ...clip(people), info: { ...clip([]).info, imHeight: 270 } })).toEqual([]);
  });

  it('resamples 12 fps to 10 fps by the nearest source frame, dropping one frame in six', () => {
    expect(resampledFrames(13, 12, 10)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 10, 11, 12]);
    expect(resampledFrames(5, 10, 10)).toEqual([0, 1, 2, 3, 4]);
  });
});
