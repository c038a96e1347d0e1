// Track colours: a track's colour comes from its id alone, so it stays when other tracks are deleted,
// hidden or not loaded, and the editor, the timeline and the server's renderer agree. Twelve colours, in
// an order where neighbouring ids differ strongly in hue; white label text stays readable on each.
export const TRACK_COLORS = [
  '#dc2626', // red
  '#2563eb', // blue
  '#16a34a', // green
  '#ea580c', // orange
  '#9333ea', // purple
  '#0891b2', // cyan
  '#db2777', // pink
  '#4d7c0f', // olive
  '#1e3a8a', // navy
  '#b45309', // brown
  '#0f766e', // teal
  '#c026d3', // magenta
] as const;

/** Colour of a track, from its id only: T1 is the first colour, T13 the first again. */
export function trackColor(trackId: number): string {
  const n = TRACK_COLORS.length;
  const i = Math.trunc(trackId) - 1;
  return TRACK_COLORS[((i % n) + n) % n];
}
