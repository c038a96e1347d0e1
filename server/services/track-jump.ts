// Keyframe and analysed-frame jumps of the editor (',' / '.' and '<' / '>'): the nearest frame of a track
// in one direction whose box is a keyframe (a person's box or an outside keyframe), or any stored box that
// is no fill (the AI's, or a keyframe). The video has been looked up (live, visible) by the request.
import type { Db } from '../db/connect';
import type { JumpKind, TrackJump } from '../../domain/contract/track-jumps';
import { neighbourFrame } from '../repositories/track-rows';

const SOURCES: Record<JumpKind, readonly string[]> = {
  keyframe: ['human', 'outside'],
  analysed: ['ai', 'human', 'outside'],
};

export async function findTrackJump(
  db: Db,
  videoId: number,
  trackId: number,
  q: { from: number; direction: 'prev' | 'next'; kind: JumpKind },
): Promise<TrackJump> {
  return { track_id: trackId, frame: await neighbourFrame(db, videoId, trackId, q.from, q.direction, SOURCES[q.kind]) };
}
