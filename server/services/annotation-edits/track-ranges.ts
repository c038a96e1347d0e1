// Range edits of tracks: delete a frame range, split, swap, move a range to another track. Each checks the
// track versions it was sent (428/409), keeps the touched tracks in an undo snapshot (restore puts every
// box and segment back exactly), applies the shared pure plan (domain/ops/track-ranges) to the rows, bumps
// the versions of the touched tracks and logs one line.
import type { Db, Tx } from '../../db/connect';
import { Conflict, Invalid, Unprocessable } from '../../domain-errors';
import type { DetectionRow } from '../../repositories/detections';
import {
  applySegmentPlan,
  deleteTrackFrames,
  listSegmentsOfTracks,
  listTrackRows,
  storeRows,
} from '../../repositories/track-rows';
import { snapshotTracks } from '../../repositories/track-edits';
import { bumpTrackVersions, claimTrackId, nextFreeTrackId } from '../../repositories/track-versions';
import { stampTracksEdited } from '../../repositories/track-verifications';
import { appendProcessingLog } from '../../repositories/status';
import {
  planMoveRange,
  planSplit,
  planSwap,
  rangeProblem,
  type BoxMove,
  type SegmentPlan,
  type TimedSegment,
} from '../../../domain/ops/track-ranges';
import type { Identity } from '../../../domain/types';
import { requireLiveVideo } from '../videos';
import { requireTrack, writeAnnotations } from './common';
import { checkFrame, checkTrackVersions, drawOptionsOf, fpsOf } from './track-versions';
import type { VideoRow } from '../video-dto';
import { refillAroundGap } from './keyframe-fill';
import { cutGap } from './gap-cut';

async function openRangeEdit(tx: Tx, videoId: number, tracks: Array<[number, number | undefined]>) {
  const v = await requireLiveVideo(tx, videoId);
  for (const [id] of tracks) await requireTrack(tx, videoId, id);
  const locked = await checkTrackVersions(tx, videoId, tracks);
  return { v, locked };
}

function checkRange(v: VideoRow, from: number, to: number): void {
  const problem = rangeProblem(from, to, v.totalFrames);
  if (problem) throw new Unprocessable(problem);
}

const segmentsOf = async (tx: Tx, videoId: number, trackIds: number[]): Promise<TimedSegment[]> =>
  (await listSegmentsOfTracks(tx, videoId, trackIds)).map((s) => ({
    id: s.id,
    trackId: s.trackId,
    start: s.startTime,
    end: s.endTime,
  }));

/**
 * Moves boxes to other tracks: each leaves its place and lands at its new one above the version of any box
 * that stood there before (a save based on the old box there is refused), marked with who moved it when.
 */
async function applyMoves(
  tx: Tx,
  videoId: number,
  rows: DetectionRow[],
  moves: Array<BoxMove<DetectionRow>>,
  by: string,
): Promise<void> {
  const versionAt = new Map(rows.map((r) => [`${r.trackId}/${r.frame}`, r.version]));
  const byTrack = new Map<number, number[]>();
  for (const m of moves) byTrack.set(m.box.trackId, [...(byTrack.get(m.box.trackId) ?? []), m.box.frame]);
  for (const [trackId, frames] of byTrack) await deleteTrackFrames(tx, videoId, trackId, frames);
  const now = new Date();
  await storeRows(
    tx,
    videoId,
    moves.map(({ box: r, toTrack }) => ({
      trackId: toTrack,
      frame: r.frame,
      x1: r.x1,
      y1: r.y1,
      x2: r.x2,
      y2: r.y2,
      confidence: r.confidence,
      keypoints: r.keypoints,
      keypointVisibility: r.keypointVisibility,
      source: r.source,
      updatedById: by,
      updatedAt: now,
      aiBox: r.aiBox,
      version: Math.max(r.version, versionAt.get(`${toTrack}/${r.frame}`) ?? 0) + 1,
    })),
  );
}

async function finish(
  tx: Tx,
  videoId: number,
  trackIds: number[],
  plan: SegmentPlan | null,
  who: Identity,
  line: string,
) {
  if (plan) await applySegmentPlan(tx, videoId, plan, who.id);
  const versions = await bumpTrackVersions(tx, videoId, trackIds, who.id);
  await stampTracksEdited(tx, videoId, trackIds, who.id);
  await appendProcessingLog(tx, videoId, `${line} by ${who.id}`);
  return versions;
}

export async function deleteTrackFrameRange(
  db: Db,
  videoId: number,
  trackId: number,
  from: number,
  to: number,
  version: number | undefined,
  who: Identity,
) {
  return writeAnnotations(db, videoId, async (tx) => {
    const { v, locked } = await openRangeEdit(tx, videoId, [[trackId, version]]);
    checkRange(v, from, to);
    const token = await snapshotTracks(tx, videoId, 'track.delete-range', [trackId], [], who.id);
    const drawn = locked.get(trackId)!.humanMade;
    const { deleted } = await cutGap(tx, videoId, trackId, from, to, await drawOptionsOf(tx, v), drawn, who.id);
    // a drawn track's frames next to the gap were filled towards keyframes the range may have held
    if (drawn) await refillAroundGap(tx, videoId, trackId, from, to, who.id);
    const versions = await finish(
      tx,
      videoId,
      [trackId],
      null,
      who,
      `track ${trackId}: frames ${from}–${to} deleted (${deleted.length} boxes)`,
    );
    return { deleted: deleted.length, track_version: versions[trackId], undo_token: token };
  });
}

export async function splitTrack(
  db: Db,
  videoId: number,
  trackId: number,
  frame: number,
  version: number | undefined,
  who: Identity,
) {
  return writeAnnotations(db, videoId, async (tx) => {
    const { v, locked } = await openRangeEdit(tx, videoId, [[trackId, version]]);
    checkFrame(v, frame);
    const rows = await listTrackRows(tx, videoId, [trackId]);
    if (!rows.some((r) => r.frame >= frame))
      throw new Unprocessable(`Track ${trackId} has no box at or after frame ${frame}: nothing to split off`);
    if (!rows.some((r) => r.frame < frame))
      throw new Unprocessable(
        `Track ${trackId} has no box before frame ${frame}: the split would move the whole track`,
      );
    const created = await claimTrackId(
      tx,
      videoId,
      await nextFreeTrackId(tx, videoId),
      locked.get(trackId)!.humanMade,
      who.id,
    );
    const newId = created.trackId;
    const token = await snapshotTracks(tx, videoId, 'track.split', [trackId, newId], [trackId, newId], who.id, true);
    const plan = planSplit(rows, await segmentsOf(tx, videoId, [trackId]), trackId, frame, newId, fpsOf(v));
    await applyMoves(tx, videoId, rows, plan.moves, who.id);
    const versions = await finish(
      tx,
      videoId,
      [trackId],
      plan.segments,
      who,
      `track ${trackId} split at frame ${frame}: ${plan.moves.length} boxes to new track ${newId}`,
    );
    return {
      new_track_id: newId,
      track_version: versions[trackId],
      new_track_version: created.version,
      undo_token: token,
    };
  });
}

export async function swapTracks(
  db: Db,
  videoId: number,
  a: number,
  b: number,
  fromFrame: number,
  versions: Record<string, number>,
  who: Identity,
) {
  if (a === b) throw new Invalid('Please choose two different tracks.');
  return writeAnnotations(db, videoId, async (tx) => {
    const { v } = await openRangeEdit(tx, videoId, [
      [a, versions[String(a)]],
      [b, versions[String(b)]],
    ]);
    checkFrame(v, fromFrame, 'from_frame');
    const token = await snapshotTracks(tx, videoId, 'track.swap', [a, b], [a, b], who.id, true);
    const rows = await listTrackRows(tx, videoId, [a, b]);
    const plan = planSwap(rows, await segmentsOf(tx, videoId, [a, b]), a, b, fromFrame, fpsOf(v));
    await applyMoves(tx, videoId, rows, plan.moves, who.id);
    const out = await finish(
      tx,
      videoId,
      [a, b],
      plan.segments,
      who,
      `tracks ${a} and ${b} swapped from frame ${fromFrame} (${plan.moves.length} boxes)`,
    );
    return { track_versions: { [String(a)]: out[a], [String(b)]: out[b] }, undo_token: token };
  });
}

export interface MoveRangeInput {
  from: number;
  to: number;
  target?: number;
  version?: number;
  targetVersion?: number;
}

export async function moveTrackRange(db: Db, videoId: number, trackId: number, m: MoveRangeInput, who: Identity) {
  if (m.target === trackId) throw new Invalid('Please choose a different target track.');
  return writeAnnotations(db, videoId, async (tx) => {
    const { v, locked } = await openRangeEdit(tx, videoId, [
      [trackId, m.version],
      ...(m.target !== undefined ? [[m.target, m.targetVersion] as [number, number | undefined]] : []),
    ]);
    checkRange(v, m.from, m.to);
    const target =
      m.target !== undefined
        ? { trackId: m.target, version: locked.get(m.target)!.version }
        : await claimTrackId(tx, videoId, await nextFreeTrackId(tx, videoId), locked.get(trackId)!.humanMade, who.id);
    const ids = [trackId, target.trackId];
    const rows = await listTrackRows(tx, videoId, ids);
    const plan = planMoveRange(
      rows,
      await segmentsOf(tx, videoId, [trackId]),
      trackId,
      m.from,
      m.to,
      target.trackId,
      fpsOf(v),
    );
    if (plan.clashes.length) {
      throw new Conflict(
        `Track ${target.trackId} already has a box on ${plan.clashes.length} frame(s) of the range (first: frame ${plan.clashes[0]}); choose another target or range.`,
      );
    }
    if (!plan.moves.length) throw new Unprocessable(`Track ${trackId} has no box on frames ${m.from}–${m.to}`);
    const token = await snapshotTracks(tx, videoId, 'track.move', ids, ids, who.id, true);
    await applyMoves(tx, videoId, rows, plan.moves, who.id);
    // a new target track starts at version 1: only the existing tracks' versions rise
    const bumped = m.target !== undefined ? ids : [trackId];
    const out = await finish(
      tx,
      videoId,
      bumped,
      plan.segments,
      who,
      `track ${trackId}: frames ${m.from}–${m.to} (${plan.moves.length} boxes) moved to track ${target.trackId}`,
    );
    return {
      target_track_id: target.trackId,
      track_version: out[trackId],
      target_track_version: out[target.trackId] ?? target.version,
      undo_token: token,
    };
  });
}
