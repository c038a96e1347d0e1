// Track colours: tracks cycle through 5, by position in the sorted track list (editor and renderer alike).
export const TRACK_COLORS = ['#ef4444', '#3b82f6', '#22c55e', '#f59e0b', '#a855f7'] as const;

/** Colour of a track: by position in the sorted track list, so T1..T5 always differ. */
export function trackColor(index: number): string {
  return TRACK_COLORS[((index % TRACK_COLORS.length) + TRACK_COLORS.length) % TRACK_COLORS.length];
}
