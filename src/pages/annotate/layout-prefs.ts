// The Annotate workspace's layout choices, kept for the browser (localStorage) across videos: the height
// of the player area above the draggable split, and whether the data panel is collapsed.
export const SPLIT_KEY = 'vat.annotate.split';
export const PANEL_KEY = 'vat.annotate.panelCollapsed';

/** Below the split: the timeline's title bar, overview strip, time axis and 4 rows (22 px each) before the rows scroll. */
export const TIMELINE_DEFAULT_H = 190;
/** The least the timeline keeps: title bar, overview, axis and 4 rows. */
export const TIMELINE_MIN_H = 180;
/** The least the player area keeps: a small picture and the controls. */
export const TOP_MIN_H = 180;

/** The player area's height for a workspace of `total` px: the user's choice if any, kept inside the limits. */
export function clampSplit(wanted: number | null, total: number): number {
  if (total <= 0) return wanted ?? 0;
  const max = Math.max(TOP_MIN_H, total - TIMELINE_MIN_H);
  const value = wanted ?? total - TIMELINE_DEFAULT_H;
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
