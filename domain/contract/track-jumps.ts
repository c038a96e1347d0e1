// GET /annotations/{id}/tracks/{trackId}/jump: the nearest frame of one track before or after a frame where
// it has a keyframe (a person's box or an outside keyframe), or any stored box that is no fill (an
// AI-analysed frame or a keyframe). The editor's ',' / '.' and '<' / '>' ask it, so a jump never depends on
// which detection windows it has loaded.
import { z } from 'zod';
import { INT4_MAX, int4 } from './common';
import { idText, intText } from './params';

export const JUMP_KINDS = ['keyframe', 'analysed'] as const;
export type JumpKind = (typeof JUMP_KINDS)[number];

export const trackJumpParams = z.object({ id: idText, trackId: intText(0, INT4_MAX) });
export const trackJumpQuery = z.object({
  from: intText(0, INT4_MAX),
  direction: z.enum(['prev', 'next']),
  kind: z.enum(JUMP_KINDS).default('keyframe'),
});
export const trackJump = z
  .object({
    track_id: int4(),
    /** The frame found, or null when the track has none in that direction. */
    frame: int4().nullable(),
  })
  .meta({ id: 'TrackJump' });
export type TrackJump = z.infer<typeof trackJump>;
