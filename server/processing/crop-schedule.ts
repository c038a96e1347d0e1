// When crop tracking runs a model pass (the person detector and the keypoint model; pure rules): on a cadence
// set in time, so people who walk in are found as soon at 10 fps as at 30 fps, and on a frame whose picture
// changed abruptly (a cut: optical flow across it would carry people onto whatever is there now). Between two
// passes people are followed by optical flow on every analysed frame (optical-flow.ts).

/** Mean absolute luma difference (0–255) between two analysed frames above which the picture is a new scene. */
export const SCENE_CHANGE = 40;
/**
 * Model passes per second of video. Five catches a walker within a fifth of a second of coming into view and
 * re-anchors the flow before it drifts; more costs a detector pass and a keypoint crop per person each
 * (docs/PROCESSING.md has the measurements behind the number).
 */
export const PASSES_PER_SECOND = 5;

/** Analysed frames from one model pass to the next: the cadence in time, in frames (at least 1). */
export function passInterval(fps: number, stride: number, passesPerSecond = PASSES_PER_SECOND): number {
  const analysedPerSecond = fps / Math.max(1, stride);
  return Math.max(1, Math.round(analysedPerSecond / Math.max(1e-6, passesPerSecond)) || 1);
}

/** Frames decoded ahead hold at most this many bytes more than the cadence itself needs. */
export const EXTRA_AHEAD_BYTES = 64 * 1024 * 1024;

/**
 * Frames to decode ahead of the one being followed: two detector gaps (`gap`: analysed frames from one
 * detector pass to the next, two frames to a stacked pass), so the detector is asked for the passes up to
 * three on before they are needed and a worker that ends its crops finds one waiting; the second gap only
 * up to EXTRA_AHEAD_BYTES (a high-frame-rate video's passes lie far apart), and never fewer than `least`.
 */
export function framesAhead(gap: number, frameBytes: number, least: number): number {
  const extra = Math.min(gap, Math.floor(EXTRA_AHEAD_BYTES / Math.max(1, frameBytes)));
  return Math.max(least, gap + 1 + extra);
}

/** Whether this analysed frame gets a model pass, and why (for the stats). */
export function passReason(o: {
  /** Analysed frames since the last pass (null before the first). */
  sinceLastPass: number | null;
  interval: number;
  sceneDifference: number | null;
}): 'cadence' | 'scene change' | null {
  if (o.sinceLastPass == null || o.sinceLastPass >= o.interval) return 'cadence';
  if (o.sceneDifference != null && o.sceneDifference >= SCENE_CHANGE) return 'scene change';
  return null;
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

/** The items of `src`, then `ended()` once it has no more: at its end, on an error, or when left early. */
export async function* callAtEnd<T>(src: AsyncIterable<T>, ended: () => void): AsyncGenerator<T> {
  try {
    yield* src;
  } finally {
    ended();
  }
}
