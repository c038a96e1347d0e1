// When crop tracking runs the person detector (pure rules): on every k-th analysed frame, which also finds
// people who walked in; on a frame whose picture changed abruptly (a cut: the crops would point at nothing);
// and on the frame after a followed person's pose score fell (they may be turning, or leaving the crop).

/** Mean absolute luma difference (0–255) between two analysed frames above which the picture is a new scene. */
export const SCENE_CHANGE = 40;
/** A followed person whose keypoint score falls below this share of their score at detection asks for the detector. */
export const SCORE_DROP_SHARE = 0.6;
/** …or below this score outright. */
export const SCORE_DROP_FLOOR = 0.25;

/** True on the analysed frames where the periodic detector pass falls (the first frame included). */
export function isPeriodicDetection(analysedIndex: number, detectEvery: number): boolean {
  return analysedIndex % Math.max(1, Math.floor(detectEvery)) === 0;
}

/** True when a followed person's keypoint score has fallen enough to ask for the detector on the next frame. */
export function scoreDropped(scoreAtDetection: number, score: number): boolean {
  return score < SCORE_DROP_FLOOR || score < scoreAtDetection * SCORE_DROP_SHARE;
}

/** A small grey thumbnail of an RGB frame (every `step`-th pixel both ways): cheap to compare. */
export function lumaThumbnail(rgb: Uint8Array, width: number, height: number, step = 8): Uint8Array {
  const tw = Math.ceil(width / step),
    th = Math.ceil(height / step);
  const out = new Uint8Array(tw * th);
  for (let y = 0, i = 0; y < th; y++) {
    for (let x = 0; x < tw; x++, i++) {
      const o = (y * step * width + x * step) * 3;
      out[i] = (rgb[o] * 77 + rgb[o + 1] * 150 + rgb[o + 2] * 29) >> 8;
    }
  }
  return out;
}

/** Mean absolute difference of two thumbnails of the same size (0–255). */
export function thumbnailDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length || !a.length) return 255;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** Whether the detector runs on this analysed frame, and why (for the stats). */
export function detectionReason(o: {
  analysedIndex: number;
  detectEvery: number;
  sceneDifference: number | null;
  scoreDropPending: boolean;
  following: number;
}): 'periodic' | 'scene change' | 'score drop' | null {
  if (isPeriodicDetection(o.analysedIndex, o.detectEvery)) return 'periodic';
  if (o.sceneDifference != null && o.sceneDifference >= SCENE_CHANGE) return 'scene change';
  if (o.scoreDropPending && o.following > 0) return 'score drop';
  return null;
}

/**
 * Reads up to `ahead` items of `src` before they are asked for, calling `arrived` on each in order as it
 * arrives: decoding runs while the pose workers are busy, and at most `ahead` frames are held.
 */
export async function* readAhead<T, U>(
  src: AsyncIterable<T>,
  ahead: number,
  arrived: (item: T) => U,
): AsyncGenerator<U> {
  const it = src[Symbol.asyncIterator]();
  const queue: Array<Promise<IteratorResult<U>>> = [];
  let ended = false;
  const pull = () => {
    if (ended) return;
    const p = it
      .next()
      .then((r): IteratorResult<U> =>
        r.done ? ((ended = true), { done: true, value: undefined }) : { done: false, value: arrived(r.value) },
      );
    p.catch(() => {
      ended = true;
    }); // the error is raised where the item is awaited
    queue.push(p);
  };
  for (let i = 0; i < Math.max(1, ahead); i++) pull();
  try {
    while (queue.length) {
      const r = await queue.shift()!;
      if (r.done) return;
      pull();
      yield r.value;
    }
  } finally {
    await Promise.allSettled(queue);
    await it.return?.(undefined);
  }
}
