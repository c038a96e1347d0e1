// The size of the player box: the video's own aspect ratio (no letterbox bands around a 4:3 clip),
// as large as the space it has. Small 720, Medium 960 and Large 1200 are maximum widths; Full width takes
// the whole available width and lets the player area grow to the picture's height.
import { PLAYER_WIDTHS } from '../../../domain/constants';
import type { PlayerSize } from '../document/ui-state';

export interface BoxSize {
  width: number;
  height: number;
}

/**
 * `availW`/`availH`: the space the player area has (0 = not measured yet). The height bound applies to
 * the capped sizes only: Full width is the one that trades the page's fit for a bigger picture.
 */
export function fitPlayer(size: PlayerSize, availW: number, availH: number, videoW: number, videoH: number): BoxSize {
  const aspect = videoW > 0 && videoH > 0 ? videoW / videoH : 16 / 9;
  const cap = PLAYER_WIDTHS[size] || Number.POSITIVE_INFINITY;
  let width = Math.min(cap, availW > 0 ? availW : cap === Number.POSITIVE_INFINITY ? PLAYER_WIDTHS.medium : cap);
  if (size !== 'full' && availH > 0) width = Math.min(width, availH * aspect);
  width = Math.max(0, Math.floor(width));
  return { width, height: Math.round(width / aspect) };
}
