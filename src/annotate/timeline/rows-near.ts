// Which timeline rows show: every track, or (the 'Near playhead' filter) only the tracks present within
// NEAR_S seconds of the playhead, plus the selected one, so a video of 48 people lists the few that are in
// the picture. The filter is on by itself when the rows would not fit without scrolling; a choice made with
// its checkbox is kept for the browser (localStorage).
import type { TrackRange } from '../document/types';

/** How far around the playhead a track counts as present (seconds). */
export const NEAR_S = 2;
const KEY = 'vat.annotate.nearRows';

/** The tracks whose frame range reaches within NEAR_S of `frame`, in the document's order; the selected one stays. */
export function tracksNear(
  trackIds: readonly number[],
  ranges: Readonly<Record<number, TrackRange>>,
  frame: number,
  fps: number,
  selected: number | null,
): number[] {
  const reach = Math.round(NEAR_S * (fps > 0 ? fps : 30));
  return trackIds.filter((id) => {
    const r = ranges[id];
    return id === selected || (!!r && r.first <= frame + reach && r.last >= frame - reach);
  });
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The choice made with the checkbox (null: none yet, the filter follows whether the rows fit). */
export function readNearChoice(): boolean | null {
  const v = storage()?.getItem(KEY);
  return v === '1' ? true : v === '0' ? false : null;
}
export function saveNearChoice(on: boolean): void {
  try {
    storage()?.setItem(KEY, on ? '1' : '0');
  } catch {
    /* kept until reload */
  }
}
