// The MOT export scored as py-motmetrics scores a result file: hand-worked CLEAR MOT and IDF1 figures on
// a small file, and the app's real encoder read back from its text.
import { describe, expect, it } from 'vitest';
import { exportMot, readMotBoxes, scoreMotFile } from '../../bench/eval/mot-export';
import type { GtPerson } from '../../bench/eval/metrics';

const box = (x: number) => ({ x1: x, y1: 0, x2: x + 100, y2: 200 });
const A = 0,
  B = 500;
/** Two people standing still over four frames. */
const gt = (): GtPerson[] => [
  { id: 'a', box: box(A) },
  { id: 'b', box: box(B) },
];
const line = (frame: number, id: number, x: number) => `${frame},${id},${x},0,100,200,0.9,-1,-1,-1`;

describe('MOT file scoring', () => {
  // frame 1: h1 on a, h2 on b
  // frame 2: h1 on a at IoU 0.6 and h3 closer (IoU 0.90): a keeps its previous match h1, h3 is a false positive
  // frame 3: h1 gone, h3 on a: a switch; b has no box: a miss
  // frame 4: h1 back exactly on a, h3 at IoU 0.55: a keeps h3 (its last match, still overlapping), h1 is a false positive
  const file = [
    line(1, 1, A),
    line(1, 2, B),
    line(2, 1, A + 25),
    line(2, 3, A + 5),
    line(2, 2, B),
    line(3, 3, A),
    line(4, 1, A),
    line(4, 3, A + 29),
    line(4, 2, B),
  ].join('\n');
  const m = scoreMotFile(file, 4, gt);

  it('counts misses, false positives and switches by the CLEAR MOT rules: MOTA = 1 − (1 + 2 + 1) / 8', () => {
    expect(m.fn).toBe(1);
    expect(m.fp).toBe(2);
    expect(m.idSwitches).toBe(1);
    expect(m.mota).toBeCloseTo(0.5, 10);
  });

  it('IDF1 pairs a with one of its two tracks (3 frames each) and b with h2: 2·6 / (8 + 9)', () => {
    expect(m.idtp).toBe(6);
    expect(m.idf1).toBeCloseTo(12 / 17, 10);
  });

  it('a box on a frame without labels is a false positive, and a frame the file leaves out is all misses', () => {
    const r = scoreMotFile(line(2, 1, A), 2, (n) => (n === 0 ? gt() : []));
    expect(r.fn).toBe(2);
    expect(r.fp).toBe(1);
  });
});

describe('the app’s MOT export', () => {
  it('writes the stored AI boxes in pixels with frames from 1, which the reader gives back by 0-based frame', () => {
    const kp = Array.from({ length: 51 }, () => 0.5);
    const text = exportMot(
      {
        detections: [
          { trackId: 7, frame: 0, x1: 0.1, y1: 0.1, x2: 0.3, y2: 0.6, confidence: 0.9, keypoints: kp },
          { trackId: 7, frame: 1, x1: 0.2, y1: 0.1, x2: 0.4, y2: 0.6, confidence: 0.8, keypoints: kp },
        ],
        stats: { stride: 1 },
      },
      { filename: 'clip.mp4', width: 200, height: 100, frames: 2, fps: 10 },
    );
    expect(text.split('\n')[0]).toBe('1,7,20,10,40,50,0.9,-1,-1,-1');
    const boxes = readMotBoxes(text);
    expect(boxes.get(1)).toEqual([{ id: 7, box: { x1: 40, y1: 10, x2: 80, y2: 60 }, conf: 0.8 }]);
  });
});
