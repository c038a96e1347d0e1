// The per-track "verified" mark: a reviewer states that a whole track has been checked. Setting or clearing
// it is an annotation write (signed-in users, the video's annotation version bumps). An edit of a verified
// track afterwards keeps the mark and stamps it "edited since verified" (stampTracksEdited), so the history
// of who checked what stays visible; verifying again clears the stamp.
import type { Db } from '../../db/connect';
import {
  deleteVerification,
  upsertVerification,
  type TrackVerificationRow,
} from '../../repositories/track-verifications';
import type { Identity } from '../../../domain/types';
import type { TrackVerifiedMark } from '../../../domain/review-navigation';
import { iso } from '../video-dto';
import { requireLiveVideo } from '../videos';
import { requireTrack, writeAnnotations } from './common';

export const verifiedDto = (r: TrackVerificationRow): TrackVerifiedMark => ({
  by_id: r.verifiedById,
  by_name: r.verifiedByName,
  at: iso(r.verifiedAt)!,
  edited_at: iso(r.editedAt),
  edited_by_id: r.editedById,
});

export interface VerifiedResult {
  track_id: number;
  verified: TrackVerifiedMark | null;
}

export async function setTrackVerified(
  db: Db,
  videoId: number,
  trackId: number,
  verified: boolean,
  who: Identity,
): Promise<VerifiedResult> {
  await requireLiveVideo(db, videoId);
  return writeAnnotations(db, videoId, async (tx) => {
    await requireTrack(tx, videoId, trackId);
    if (!verified) {
      await deleteVerification(tx, videoId, trackId);
      return { track_id: trackId, verified: null };
    }
    return { track_id: trackId, verified: verifiedDto(await upsertVerification(tx, videoId, trackId, who)) };
  });
}
