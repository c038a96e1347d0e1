// The Annotate workspace's layout choices, kept for the browser (localStorage) across videos: the height
// of the player area above the draggable split, and whether the data panel is collapsed.
import type { PlayerSize } from '../../annotate/document/ui-state';

export const SPLIT_KEY = 'vat.annotate.split';
export const PANEL_KEY = 'vat.annotate.panelCollapsed';

/** Below the split: the timeline's title bar, overview strip, time axis and 4 rows (22 px each) before the rows scroll. */
export const TIMELINE_DEFAULT_H = 190;
/** The least the timeline keeps: title bar, overview, axis and 4 rows. */
export const TIMELINE_MIN_H = 180;
/**
 * With the Large player: the timeline gives the picture its height down to its title bar and overview
 * (58 px), the time axis and 2 rows, below the split's 12 px handle.
 */
export const TIMELINE_COMPACT_H = 12 + 58 + 20 + 2 * 22 + 4;
/** With the Small player: the timeline takes the room the smaller picture leaves (about 9 rows). */
export const TIMELINE_TALL_H = 300;
/** The least the player area keeps: a small picture and the controls. */
export const TOP_MIN_H = 180;

/**
 * The player area's height for a workspace of `total` px: the user's choice if any, else what the player
 * size asks (Small leaves the timeline more rows, Large takes all but its compact height), kept inside the
 * limits (Large may squeeze the timeline to its compact height, the others to 4 rows).
 */
export function clampSplit(wanted: number | null, total: number, size: PlayerSize = 'medium'): number {
  if (total <= 0) return wanted ?? 0;
  const least = size === 'large' ? TIMELINE_COMPACT_H : TIMELINE_MIN_H;
  const max = Math.max(TOP_MIN_H, total - least);
  const timeline = size === 'large' ? TIMELINE_COMPACT_H : size === 'small' ? TIMELINE_TALL_H : TIMELINE_DEFAULT_H;
  const value = wanted ?? total - timeline;
  return Math.round(Math.min(max, Math.max(TOP_MIN_H, value)));
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readSplit(): number | null {
  const v = Number(storage()?.getItem(SPLIT_KEY) ?? NaN);
  return Number.isFinite(v) && v > 0 ? v : null;
}
/** Forgets the dragged split (a player size chosen since decides it). */
export function clearSplit(): void {
  try {
    storage()?.removeItem(SPLIT_KEY);
  } catch {
    /* nothing kept */
  }
}
export function saveSplit(px: number): void {
  try {
    storage()?.setItem(SPLIT_KEY, String(Math.round(px)));
  } catch {
    /* kept until reload */
  }
}
export function readPanelCollapsed(): boolean {
  return storage()?.getItem(PANEL_KEY) === '1';
}
export function savePanelCollapsed(on: boolean): void {
  try {
    storage()?.setItem(PANEL_KEY, on ? '1' : '0');
  } catch {
    /* kept until reload */
  }
}
