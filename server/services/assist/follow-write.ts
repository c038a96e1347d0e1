// The one transaction that stores what "Follow this person" found: the followed frames become the track's
// `ai` boxes (replacing the AI or interpolated boxes there; keyframes are never on them, the walk stops
// before one), under the track version the request was checked against. A track changed while the job ran
// is left alone: the job fails and says who changed it.
import type { Db } from '../../db/connect';
import { Conflict } from '../../domain-errors';
import { appendProcessingLog } from '../../repositories/status';
import { snapshotTracks } from '../../repositories/track-edits';
import { deleteTrackFrames, listTrackFrames, storeRows } from '../../repositories/track-rows';
import { bumpTrackVersions, lockTrackVersions } from '../../repositories/track-versions';
import { stampTracksEdited } from '../../repositories/track-verifications';
import type { Keypoint } from '../../processing/crop-follow';
import { writeAnnotations } from '../annotation-edits/common';
import { staleTrackDetail } from '../annotation-edits/track-versions';
import { followConfidence } from '../../../domain/ops/follow-rules';
import type { DetectionVersions } from '../../../domain/contract/annotation-edits';

/** One followed frame, in fractions of the frame. */
export interface FollowedFrame {
  frame: number;
  box: { x1: number; y1: number; x2: number; y2: number };
  keypoints: Keypoint[];
  score: number;
}

export interface FollowWrite {
  videoId: number;
  trackId: number;
  version: number;
  frames: FollowedFrame[];
  by: string;
  line: string;
}

/** Stores the followed frames; answers the new track version, the undo token and each box's version. */
export async function writeFollowedFrames(
  db: Db,
  w: FollowWrite,
): Promise<{ track_version: number; undo_token: number; detection_versions: DetectionVersions }> {
  return writeAnnotations(db, w.videoId, async (tx) => {
    const row = (await lockTrackVersions(tx, w.videoId, [w.trackId])).get(w.trackId)!;
    if (row.version !== w.version) throw new Conflict(`${staleTrackDetail(row)} Nothing was written by the follow.`);
    const token = await snapshotTracks(tx, w.videoId, 'track.follow', [w.trackId], [], w.by);
    const frames = w.frames.map((f) => f.frame);
    const lo = Math.min(...frames),
      hi = Math.max(...frames);
    const oldAt = new Map((await listTrackFrames(tx, w.videoId, w.trackId, lo, hi)).map((r) => [r.frame, r]));
    await deleteTrackFrames(
      tx,
      w.videoId,
      w.trackId,
      frames.filter((f) => oldAt.has(f)),
    );
    const now = new Date();
    const rows = w.frames.map((f) => ({
      trackId: w.trackId,
      frame: f.frame,
      ...f.box,
      // a low pose score is a low confidence: the frame is in the review's problem list
      confidence: followConfidence(f.score),
      keypoints: f.keypoints.flat(),
      source: 'ai',
      updatedById: w.by,
      updatedAt: now,
      version: (oldAt.get(f.frame)?.version ?? 0) + 1,
    }));
    await storeRows(tx, w.videoId, rows);
    const versions = await bumpTrackVersions(tx, w.videoId, [w.trackId], w.by);
    await stampTracksEdited(tx, w.videoId, [w.trackId], w.by);
    await appendProcessingLog(tx, w.videoId, `${w.line} by ${w.by}`);
    return {
      track_version: versions[w.trackId],
      undo_token: token,
      detection_versions: rows.map((r) => ({ track_id: w.trackId, frame: r.frame, version: r.version })),
    };
  });
}
