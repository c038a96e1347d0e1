// Pyramidal Lucas–Kanade optical flow (OpenCV's calcOpticalFlowPyrLK, from the npm package
// @techstark/opencv-js: OpenCV compiled to WebAssembly, loaded from node_modules, nothing fetched) following
// people from a model pass over the frames after it. Runs inside a pose worker (pose-worker.ts), which loads
// OpenCV the first time it is asked. Which points are followed and how a box moves are flow-box.ts's rules.
import { createRequire } from 'node:module';
import { FLOW_ROW, flowPoints, flowRegion, movePerson, readFlowRow, writeFlowRow, type FlowPerson } from './flow-box';

/** The part of OpenCV's JavaScript API used here. */
interface Mat {
  data: Uint8Array;
  data32F: Float32Array;
  roi(r: { x: number; y: number; width: number; height: number }): Mat;
  delete(): void;
}
interface OpenCv {
  Mat: new (rows?: number, cols?: number, type?: number) => Mat;
  Size: new (w: number, h: number) => unknown;
  TermCriteria: new (type: number, count: number, eps: number) => unknown;
  CV_8UC1: number;
  CV_32FC2: number;
  TERM_CRITERIA_EPS: number;
  TERM_CRITERIA_COUNT: number;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): Mat;
  calcOpticalFlowPyrLK(
    prev: Mat,
    next: Mat,
    p0: Mat,
    p1: Mat,
    status: Mat,
    err: Mat,
    win: unknown,
    maxLevel: number,
    criteria: unknown,
  ): void;
  onRuntimeInitialized?: () => void;
}

/** Window (pixels of the analysed frame) and pyramid levels: a walker moves 2–15 px a frame at 10–30 fps. */
const WINDOW = 15,
  LEVELS = 3;
/**
 * A point whose window differs from where it started by more than this mean grey level (0–255) was not
 * found again (it went behind someone, or out of the frame): compression noise on a point followed well
 * stays under a third of it.
 */
export const FLOW_MAX_ERROR = 24;

let opencv: Promise<{ cv: OpenCv }> | null = null;
/**
 * OpenCV, loaded once per thread (about a second: the WebAssembly module is compiled). The module object is
 * a thenable whose `then` hands back itself, so a promise resolved with it never settles: it travels wrapped.
 */
export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  opencv ??= new Promise((resolve) => {
    // required (not imported): vitest would transform the 11 MB module on import
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
    if ((cv as { Mat?: unknown }).Mat) resolve({ cv });
    else cv.onRuntimeInitialized = () => resolve({ cv });
  });
  return opencv;
}

/**
 * Follows `people` (found on the first of `frames`) over the frames after it. `frames` are grey images of
 * width × height, one after the other in one buffer. Answers, for frames 1…n−1 in order, FLOW_ROW floats per
 * person (flow-box.ts): once a person is lost they stay lost for the rest of the segment.
 */
export async function followByFlow(
  grey: Uint8Array,
  count: number,
  width: number,
  height: number,
  start: Float32Array,
): Promise<Float32Array> {
  const { cv } = await loadOpenCv();
  const size = width * height;
  const n = Math.floor(start.length / FLOW_ROW);
  let people: Array<FlowPerson | null> = Array.from({ length: n }, (_, i) => readFlowRow(start, i * FLOW_ROW));
  const out = new Float32Array(Math.max(0, count - 1) * n * FLOW_ROW);
  const frame = (i: number) => {
    const m = new cv.Mat(height, width, cv.CV_8UC1);
    m.data.set(grey.subarray(i * size, (i + 1) * size));
    return m;
  };
  const win = new cv.Size(WINDOW, WINDOW);
  const criteria = new cv.TermCriteria(cv.TERM_CRITERIA_EPS | cv.TERM_CRITERIA_COUNT, 20, 0.03);
  let prev = frame(0);
  try {
    for (let f = 1; f < count; f++) {
      const next = frame(f);
      const alive = people.filter((p): p is FlowPerson => p != null);
      const region = flowRegion(alive, width, height);
      if (region) {
        // each person's own pixels: not where someone in front of them stands (flow-box.ts flowPoints)
        const followed = people.map((p) => (p ? flowPoints(p, alive) : null));
        const flat: number[] = [];
        for (const s of followed) for (const [x, y] of s?.points ?? []) flat.push(x - region.x, y - region.y);
        const r = { x: region.x, y: region.y, width: region.w, height: region.h };
        const a = prev.roi(r),
          b = next.roi(r);
        const p0 = cv.matFromArray(flat.length / 2, 1, cv.CV_32FC2, flat);
        const p1 = new cv.Mat(),
          status = new cv.Mat(),
          err = new cv.Mat();
        try {
          cv.calcOpticalFlowPyrLK(a, b, p0, p1, status, err, win, LEVELS, criteria);
          let at = 0;
          people = people.map((p, i) => {
            const s = followed[i];
            if (!p || !s) return null;
            const moved = s.points.map((_, j): [number, number] | null => {
              const k = at + j;
              const x = p1.data32F[k * 2] + region.x,
                y = p1.data32F[k * 2 + 1] + region.y;
              const found = status.data[k] === 1 && err.data32F[k] <= FLOW_MAX_ERROR;
              return found && x >= 0 && y >= 0 && x < width && y < height ? [x, y] : null;
            });
            at += s.points.length;
            return movePerson(p, s, moved);
          });
        } finally {
          for (const m of [a, b, p0, p1, status, err]) m.delete();
        }
      }
      people.forEach((p, i) => writeFlowRow(out, ((f - 1) * n + i) * FLOW_ROW, p));
      prev.delete();
      prev = next;
    }
  } finally {
    prev.delete();
  }
  return out;
}
