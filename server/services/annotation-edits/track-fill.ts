// Filling a track from its keyframes: interpolate (the frames between two keyframes become a linear
// interpolation) and propagate (a correction made at one frame is applied to the following AI frames).
// Both store their boxes as `interpolated` (derived, not keyframes), check the track version, keep an undo
// snapshot and bump the version.
import type { Db, Tx } from '../../db/connect';
import { Unprocessable } from '../../domain-errors';
import type { DetectionRow } from '../../repositories/detections';
import { deleteTrackFrames, listKeyframes, listTrackFrames, storeRows } from '../../repositories/track-rows';
import { snapshotTracks } from '../../repositories/track-edits';
import { bumpTrackVersions } from '../../repositories/track-versions';
import { stampTracksEdited } from '../../repositories/track-verifications';
import { appendProcessingLog } from '../../repositories/status';
import { interpolateBetween, type PoseBox } from '../../../domain/ops/keyframe-interpolation';
import { applyCorrection, correctionOf } from '../../../domain/ops/propagate';
import type { Identity } from '../../../domain/types';
import { requireLiveVideo } from '../videos';
import { requireTrack, writeAnnotations } from './common';
import { checkFrame, checkTrackVersions, fpsOf } from './track-versions';
import { getVideoSettings } from '../settings';
import type { VideoRow } from '../video-dto';
import { aiBoxOf } from './detections';
import { versionsOf, visibilityOf, type StoredFrame } from './keyframe-fill';

const isKeyframe = (r: DetectionRow | undefined) => r?.source === 'human';

async function open(
  tx: Tx,
  videoId: number,
  trackId: number,
  version: number | undefined,
  frames: Array<[string, number]>,
) {
  const v = await requireLiveVideo(tx, videoId);
  for (const [name, f] of frames) checkFrame(v, f, name);
  await requireTrack(tx, videoId, trackId);
  await checkTrackVersions(tx, videoId, [[trackId, version]]);
  return v;
}

/** How far back from a keyframe propagate looks for the AI box it measures a drawn correction against. */
const REFERENCE_FRAMES = 300;

/**
 * The last frame a propagate without to_frame changes: before the track's next keyframe, or, with none,
 * at most `propagate_max_seconds` of video on (a setting: it never rewrites the rest of a track unasked).
 */
async function propagateEnd(tx: Tx, v: VideoRow, trackId: number, from: number): Promise<number> {
  const next = (await listKeyframes(tx, v.id, trackId)).find((k) => k.frame > from);
  if (next) return next.frame - 1;
  const seconds = (await getVideoSettings(tx as unknown as Db)).propagate_max_seconds;
  const end = from + Math.max(1, Math.round(fpsOf(v) * seconds));
  return v.totalFrames > 0 ? Math.min(end, v.totalFrames - 1) : end;
}

async function finish(tx: Tx, videoId: number, trackId: number, who: Identity, line: string): Promise<number> {
  const versions = await bumpTrackVersions(tx, videoId, [trackId], who.id);
  await stampTracksEdited(tx, videoId, [trackId], who.id);
  await appendProcessingLog(tx, videoId, `${line} by ${who.id}`);
  return versions[trackId];
}

/** Replaces rows of `trackId` with filled ones, each above the version of the row it replaces; answers them. */
async function replaceFrames(
  tx: Tx,
  videoId: number,
  trackId: number,
  old: DetectionRow[],
  filled: Array<{ frame: number; box: PoseBox; aiBox?: number[] | null; confidence?: number }>,
  by: string,
): Promise<StoredFrame[]> {
  const oldAt = new Map(old.map((r) => [r.frame, r]));
  await deleteTrackFrames(
    tx,
    videoId,
    trackId,
    filled.map((f) => f.frame).filter((f) => oldAt.has(f)),
  );
  const now = new Date();
  const rows = filled.map((f) => ({
    trackId,
    frame: f.frame,
    x1: f.box.x1,
    y1: f.box.y1,
    x2: f.box.x2,
    y2: f.box.y2,
    confidence: f.confidence ?? oldAt.get(f.frame)?.confidence ?? 1,
    keypoints: f.box.keypoints ? Array.from(f.box.keypoints) : null,
    keypointVisibility: visibilityOf(f.box),
    source: 'interpolated',
    updatedById: by,
    updatedAt: now,
    aiBox: f.aiBox ?? oldAt.get(f.frame)?.aiBox ?? null,
    version: (oldAt.get(f.frame)?.version ?? 0) + 1,
  }));
  await storeRows(tx, videoId, rows);
  return rows.map((r) => ({ frame: r.frame, version: r.version }));
}

/** Interpolates strictly between two stored boxes of a track (keyframes or the AI's). */
export async function interpolateTrack(
  db: Db,
  videoId: number,
  trackId: number,
  from: number,
  to: number,
  version: number | undefined,
  who: Identity,
) {
  return writeAnnotations(db, videoId, async (tx) => {
    await open(tx, videoId, trackId, version, [
      ['from_frame', from],
      ['to_frame', to],
    ]);
    if (to - from < 2)
      throw new Unprocessable(
        'to_frame must be at least two frames after from_frame (there must be a frame between them)',
      );
    const rows = await listTrackFrames(tx, videoId, trackId, from, to);
    const first = rows[0];
    const last = rows[rows.length - 1];
    // either end may be any stored box, a person's or the AI's; an outside keyframe has none
    for (const [end, r] of [
      [from, first],
      [to, last],
    ] as const)
      if (r?.frame !== end || r.source === 'outside')
        throw new Unprocessable(`Track ${trackId} has no box stored at frame ${end} to interpolate from or to`);
    const token = await snapshotTracks(tx, videoId, 'track.interpolate', [trackId], [], who.id);
    // an AI box replaced here keeps its AI box, so a later propagate still measures against the AI
    const aiOf = new Map(rows.filter((r) => r.source === 'ai').map((r) => [r.frame, aiBoxOf(r)]));
    const filled = interpolateBetween({ frame: from, box: first }, { frame: to, box: last }).map((f) => ({
      ...f,
      aiBox: aiOf.get(f.frame),
      confidence: 1,
    }));
    const stored = await replaceFrames(tx, videoId, trackId, rows.slice(1, -1), filled, who.id);
    const trackVersion = await finish(
      tx,
      videoId,
      trackId,
      who,
      `track ${trackId}: frames ${from + 1}–${to - 1} interpolated`,
    );
    return {
      filled_frames: filled.length,
      track_version: trackVersion,
      detection_versions: versionsOf(trackId, stored),
      undo_token: token,
    };
  });
}

const poseOfAiBox = (a: number[]): PoseBox => ({
  x1: a[0],
  y1: a[1],
  x2: a[2],
  y2: a[3],
  keypoints: a.length > 4 ? a.slice(4) : null,
});

/** The AI's own box of a row: the kept one when a person changed it, the row itself while it is the AI's. */
const aiPoseOf = (r: DetectionRow): PoseBox | null => (r.aiBox ? poseOfAiBox(r.aiBox) : r.source === 'ai' ? r : null);

export async function propagateCorrection(
  db: Db,
  videoId: number,
  trackId: number,
  from: number,
  to: number | undefined,
  version: number | undefined,
  who: Identity,
) {
  return writeAnnotations(db, videoId, async (tx) => {
    const v = await open(tx, videoId, trackId, version, [
      ['from_frame', from],
      ...(to !== undefined ? [['to_frame', to] as [string, number]] : []),
    ]);
    if (to !== undefined && to <= from) throw new Unprocessable('to_frame must be after from_frame');
    const end = to ?? (await propagateEnd(tx, v, trackId, from));
    const rows = await listTrackFrames(tx, videoId, trackId, Math.max(0, from - REFERENCE_FRAMES), end);
    const at = rows.findIndex((r) => r.frame === from);
    const key = rows[at];
    if (!isKeyframe(key))
      throw new Unprocessable(`Frame ${from} of track ${trackId} is not a keyframe: correct the box there first`);
    // the AI box before the edit, else the nearest AI frame's box (before the keyframe, then after)
    const neighbour =
      [...rows.slice(0, at)].reverse().find((r) => r.source === 'ai') ??
      rows.slice(at + 1).find((r) => r.source === 'ai');
    const reference = key.aiBox ? poseOfAiBox(key.aiBox) : (neighbour ?? null);
    if (!reference)
      throw new Unprocessable(`Track ${trackId} has no AI box to measure the correction at frame ${from} against`);
    const correction = correctionOf(reference, key);
    if (!correction) throw new Unprocessable(`The AI box of track ${trackId} near frame ${from} has no area`);
    const targets: DetectionRow[] = [];
    for (const r of rows.slice(at + 1)) {
      if (r.source === 'human' || r.source === 'outside') break; // the next keyframe ends the propagation
      if (aiPoseOf(r)) targets.push(r);
    }
    const token = await snapshotTracks(tx, videoId, 'track.propagate', [trackId], [], who.id);
    const filled = targets.map((r) => {
      const ai = aiPoseOf(r)!;
      // the joints the person marked occluded or absent at the keyframe stay so on every changed frame
      return {
        frame: r.frame,
        box: { ...applyCorrection(ai, correction), keypointVisibility: key.keypointVisibility },
        aiBox: r.aiBox ?? aiBoxOf(r),
      };
    });
    const stored = await replaceFrames(tx, videoId, trackId, targets, filled, who.id);
    const trackVersion = await finish(
      tx,
      videoId,
      trackId,
      who,
      `track ${trackId}: the correction at frame ${from} propagated to ${filled.length} frame(s)`,
    );
    return {
      changed_frames: filled.length,
      to_frame: end,
      track_version: trackVersion,
      detection_versions: versionsOf(trackId, stored),
      undo_token: token,
    };
  });
}
