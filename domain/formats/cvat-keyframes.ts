// How CVAT turns a track's keyframes into the shapes of every frame, for reading files CVAT made: its
// importer keeps only the keyframe="1" shapes of a <track>; between two keyframes the shape moves
// linearly (boxes and single points alike), from an outside="1" keyframe the object is gone until the
// next keyframe, and after the last keyframe that is not outside the shape stays until the task's end.
// Attributes and `occluded` are those of the keyframe before.

export interface Keyframe<T> {
  frame: number;
  outside: boolean;
  value: T;
}

/** Keyframes ordered by frame; two keyframes on one frame are the caller's error to report. */
export const byFrame = <K extends { frame: number }>(keys: K[]): K[] => [...keys].sort((a, b) => a.frame - b.frame);

/** Index of the last keyframe at or before `frame` (keys ordered by frame), or -1. */
function lastAtOrBefore<T>(keys: Array<Keyframe<T>>, frame: number): number {
  let lo = 0,
    hi = keys.length - 1,
    found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid].frame <= frame) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The shape CVAT shows at `frame`, or null where the object is outside (or not yet, or past `last`).
 * `lerp` moves from the keyframe before to the one after by t in (0, 1).
 */
export function shapeAt<T>(
  keys: Array<Keyframe<T>>,
  frame: number,
  last: number | null,
  lerp: (a: T, b: T, t: number) => T,
): T | null {
  const i = lastAtOrBefore(keys, frame);
  if (i < 0 || keys[i].outside) return null;
  const a = keys[i],
    b = keys[i + 1];
  if (a.frame === frame) return a.value;
  if (!b) return last !== null && frame <= last ? a.value : null;
  return lerp(a.value, b.value, (frame - a.frame) / (b.frame - a.frame));
}

/**
 * The frames of a track to store: every keyframe the object is inside on, and the frames CVAT fills
 * between two of them when the file lists frames there (CVAT writes its interpolated frames as
 * keyframe="0") or the gap is longer than the video's stride (shorter gaps the app interpolates itself,
 * so a file we wrote reads back as it was). After the last inside keyframe the frames up to `last`.
 * Frames from `limit` (the video's frame count) on are left out without being visited, so a keyframe far
 * past the video cannot make the reader count to it; without a known frame count (null) only the frames
 * the file lists are stored.
 */
export function framesToStore<T>(
  keys: Array<Keyframe<T>>,
  listed: ReadonlySet<number>,
  stride: number,
  last: number | null,
  limit: number | null,
): number[] {
  const out: number[] = [];
  const named = [...listed].sort((x, y) => x - y);
  let j = 0; // into `named`: the ranges below follow each other, so each listed frame is passed once
  keys.forEach((a, i) => {
    if (a.outside || (limit !== null && a.frame >= limit)) return;
    out.push(a.frame);
    const b = keys[i + 1];
    let end = b ? b.frame - 1 : (last ?? a.frame);
    while (j < named.length && named[j] <= a.frame) j++;
    const k = j;
    while (j < named.length && named[j] <= end) j++;
    if (limit === null) {
      out.push(...named.slice(k, j));
      return;
    }
    end = Math.min(end, limit - 1);
    if (!b || b.frame - a.frame > stride || j > k) for (let f = a.frame + 1; f <= end; f++) out.push(f);
  });
  return out;
}

/** Runs of one attribute value as CVAT shows it frame by frame: [start, end) in frames, merged when
 *  one run's value goes on at the next keyframe. Frames the object is outside on belong to no run. */
export function attributeRuns<T extends { frame: number; outside: boolean; attr: string | null }>(
  keys: T[],
  last: number | null,
): Array<{ value: string; start: number; end: number }> {
  const runs: Array<{ value: string; start: number; end: number }> = [];
  keys.forEach((a, i) => {
    if (a.outside || a.attr === null) return;
    const b = keys[i + 1];
    const end = b ? b.frame : Math.max(a.frame, last ?? a.frame) + 1;
    const prev = runs[runs.length - 1];
    if (prev && prev.value === a.attr && prev.end === a.frame) prev.end = end;
    else runs.push({ value: a.attr, start: a.frame, end });
  });
  return runs;
}
