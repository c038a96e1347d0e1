// Crop tracking, the Fast mode: model passes on a cadence set in time (crop-schedule.ts: five a second, and at
// a cut). A pass runs the person detector (every `detectEvery`-th pass; default every one) and the single-pose
// model on a crop around each person it found; a person followed but not found is read on a crop around where
// the flow had them (crop-follow.ts). On the analysed frames between two passes everyone the pass found is
// followed by optical flow on that frame's own pixels (flow-segment.ts), and re-anchored at the next pass: its
// boxes replace the followed people they overlap; someone it finds who was not followed (walking in) is followed
// back over those frames, so their track starts where they came into view. Answers, per analysed frame, the
// people in the same rows the per-frame modes give, so the tracker after it (IoU association) is unchanged.
// Both cores: frames are decoded ahead while the workers run (passes up to three on); a detector pass is asked
// for as soon as its frame is decoded, and the pose on each box it finds as soon as it answers (pass-boxes.ts),
// so they fill a worker that the crops and flow of earlier frames leave idle.
import { DetectorPasses } from './detector-passes';
import type { FrameReading } from './detector-tiles';
import { calibratedConfidence } from './calibration';
import { iou } from './kalman';
import {
  cropAroundBox,
  cropModelFor,
  duplicatesOf,
  followBox,
  isLost,
  isPartOf,
  poseOnCrop,
  THUNDER_FROM_SIDE,
  type CropPose,
  type Keypoint,
  type PixelBox,
} from './crop-follow';
import {
  callAtEnd,
  framesAhead,
  lumaThumbnail,
  passReason,
  readAhead,
  SCENE_CHANGE,
  thumbnailDifference,
} from './crop-schedule';
import { FlowSegment, type SegmentPerson } from './flow-segment';
import { readPassBoxes, takenBoxes } from './pass-boxes';
import type { DecodedFrame } from './frames';
import type { PosePool } from './pose-pool';
import type { AnalysisGeometry, SinglePoseModel } from './pose-protocol';
import { appendAppearance, decodePoseRows, rowsOfPeople, type PersonPose } from './pose-rows';

export interface CropTrackingOptions {
  /** A model pass every `passEvery`-th analysed frame (the cadence in time, crop-schedule.ts passInterval); 1: every one. */
  passEvery?: number;
  /** The detector runs on every `detectEvery`-th model pass (and after a cut); between, people are followed on crops. */
  detectEvery?: number;
  /** Crops this large (frame pixels) or larger go to Thunder, smaller ones to Lightning. */
  thunderFromSide?: number;
  /** Detector boxes whose calibrated confidence is under this are not followed (their pose is still read on the detection frame). */
  followMinConfidence?: number;
  /**
   * Detector passes asked for ahead (periodic or scene change) go two frames to one pass, stacked top to
   * bottom (topdown.ts detectPeopleStacked): half the detector's cost, each frame read a little smaller.
   */
  stackDetections?: boolean;
  /** The first frames a detector pass reads, decoded apart: the reading of every pass is decided on them (detector-passes.ts). */
  firstPassFrames?: AsyncIterable<DecodedFrame>;
}

export interface CropTrackingStats {
  /** Model passes, and analysed frames followed by optical flow between them. */
  passes: number;
  flowFrames: number;
  detections: number;
  crops: number;
  lost: number;
  reasons: Record<string, number>;
  lightning: number;
  thunder: number;
  /** How detector passes after the first read the frame (detector-passes.ts); null: too few passes to decide. */
  reading?: FrameReading | null;
}

/**
 * A person being followed: where they are, the detector's score when it last saw them, and whether a
 * detector box of theirs was ever read as a body (keypoints not lost, crop-follow.ts isLost).
 */
interface Followed {
  box: PixelBox;
  keypoints: Keypoint[];
  step: { dx: number; dy: number };
  detectorScore: number;
  seenAsBody: boolean;
  /** Moved onto the pass's frame by the optical flow (so the crop needs no step). */
  flowed?: boolean;
}

/**
 * A detected person is followed only when their calibrated confidence is at least this — the tracker's bar
 * for starting a track: following a box the tracker would not keep costs a crop per frame for nothing.
 */
export const FOLLOW_MIN_CONFIDENCE = 0.4;
/** A followed person whose box overlaps a new detector box this much is that box's person. */
const REANCHOR_IOU = 0.3;
/** A weaker detector box keeps the followed person's score only when it is theirs this closely. */
const CARRY_IOU = 0.5;

const NO_PASSES = { passes: 0, flowFrames: 0, detections: 0, crops: 0, lost: 0, lightning: 0, thunder: 0 };

export async function trackPeopleByCrops(
  decoded: AsyncIterable<DecodedFrame>,
  g: AnalysisGeometry,
  pool: PosePool,
  opts: CropTrackingOptions,
  minScore: number,
  /** `pass`: the people come from a model pass on this frame (false: moved there by the optical flow). */
  onFrame: (frame: number, people: PersonPose[], pass: boolean) => void,
  signal?: AbortSignal,
): Promise<CropTrackingStats> {
  const W = g.inputW,
    H = g.inputH;
  const thunderFrom = opts.thunderFromSide ?? THUNDER_FROM_SIDE;
  const followMin = opts.followMinConfidence ?? FOLLOW_MIN_CONFIDENCE;
  const passEvery = Math.max(1, Math.floor(opts.passEvery ?? 1));
  const detectEvery = Math.max(1, Math.floor(opts.detectEvery ?? 1));
  const stats: CropTrackingStats = { ...NO_PASSES, reasons: {} };
  const pose = (rgb: Uint8Array, box: { x0: number; y0: number; side: number }): Promise<CropPose> => {
    const model: SinglePoseModel = cropModelFor(box.side, thunderFrom);
    stats.crops++;
    stats[model]++;
    return poseOnCrop(pool, rgb, W, H, box, model);
  };
  let previous: Uint8Array | null = null;
  let sinceLastPass: number | null = null;
  let passIndex = 0;
  let followed: Followed[] = [];
  const lastSeen = () => followed.map((p) => p.box);
  let segment: FlowSegment | null = null;
  const passes = new DetectorPasses(pool, g, !!opts.stackDetections, passEvery * detectEvery); // the cadence's gap
  // decided while the frames to follow decode; every pass is asked for once it is known, in the order they came
  const decided: Promise<unknown> = opts.firstPassFrames ? passes.decide(opts.firstPassFrames) : Promise.resolve();
  decided.catch(() => {});
  const emit = (frame: number, rows: Float32Array, pass = false) =>
    onFrame(frame, decodePoseRows(rows, g, minScore), pass);
  /**
   * Ends the flow segment of the last pass: moves the followed people to where the flow left them, and
   * answers the segment with its frames, to be emitted once the next pass has said who is new (emitSegment).
   */
  const endSegment = async (until?: DecodedFrame) => {
    if (!segment) return null;
    const seg = segment;
    segment = null;
    const end = await seg.finish(pool, until);
    stats.flowFrames += end.between.length;
    followed = followed.map((p, i) => ({ ...p, box: end.last[i].box, keypoints: end.last[i].keypoints, flowed: true }));
    return { seg, between: end.between };
  };
  /** Emits a segment's frames, with the people the pass after it found new followed back over them. */
  const emitSegment = async (
    ended: Awaited<ReturnType<typeof endSegment>>,
    pass?: DecodedFrame,
    fresh: SegmentPerson[] = [],
  ) => {
    if (!ended) return;
    if (pass && fresh.length) await ended.seg.backfill(pool, pass, fresh, ended.between);
    for (const f of ended.between) emit(f.frame, f.rows);
  };
  // the passes hear of each frame, and of the video's end, once decided and in the order they came
  const told = (what: () => void) => void decided.then(what, () => {});
  const source = callAtEnd(decoded, () => told(() => passes.ended()));
  const ahead = framesAhead(passEvery * Math.max(2, detectEvery), W * H * 3, pool.threads * 3);
  // on arrival: the scene-change test, and the model pass (its detector pass asked for at once)
  const frames = readAhead(source, ahead, (f) => {
    const thumb = lumaThumbnail(f.rgb, W, H);
    const sceneDifference = previous ? thumbnailDifference(previous, thumb) : null;
    previous = thumb;
    const reason = passReason({ sinceLastPass, interval: passEvery, sceneDifference });
    sinceLastPass = reason ? 1 : (sinceLastPass ?? 0) + 1;
    const detect = reason === 'scene change' || (reason != null && passIndex++ % detectEvery === 0);
    // the pose on each box the pass finds is asked for as soon as it answers (pass-boxes.ts)
    const rows = detect ? decided.then(() => passes.request(f.frame, f.rgb)) : null;
    const detected = rows && readPassBoxes(rows, lastSeen, (c) => pose(f.rgb, c));
    told(() => passes.frameArrived());
    // a cut on a pass frame (on the cadence's own or the one it asked for): no one is followed back over it
    const cut = sceneDifference != null && sceneDifference >= SCENE_CHANGE;
    return { ...f, reason, detected, cut };
  });
  for await (const f of frames) {
    if (signal?.aborted) throw new Error('stopped');
    if (!f.reason) {
      if (segment) segment.add(f);
      else emit(f.frame, new Float32Array(0));
      continue;
    }
    stats.passes++;
    // the people followed since the last pass, as the flow left them on this frame
    const ended = await endSegment(f);
    /** `fresh`: a detector box that is no one followed (someone walking in, or out from behind another). */
    const found: Array<Followed & { score: number; keypoints: Keypoint[]; fresh?: boolean }> = [];
    let carry = followed;
    let detectedCount = 0;
    if (f.detected) {
      stats.detections++;
      stats.reasons[f.reason] = (stats.reasons[f.reason] ?? 0) + 1;
      // a box that took two followed people for one re-anchors neither: both are followed on (pass-boxes.ts)
      const taken = takenBoxes(await f.detected, lastSeen(), (c) => pose(f.rgb, c));
      const detected = taken.boxes;
      // a followed person the detector also found is re-anchored on its box; one it missed is followed on
      carry = followed.filter((p) => detected.every((d) => iou(p.box, d) < REANCHOR_IOU));
      const poses = await taken.poses;
      detected.forEach((d, i) => {
        const before = followed.find((p) => iou(p.box, d) >= REANCHOR_IOU);
        const step = before
          ? {
              dx: (d.x1 + d.x2 - before.box.x1 - before.box.x2) / 2,
              dy: (d.y1 + d.y2 - before.box.y1 - before.box.y2) / 2,
            }
          : { dx: 0, dy: 0 };
        // a followed person found again by a weaker box keeps the score they were followed with: a weak box
        // where they are must not count for less than no box at all (someone lying down scores 0.1–0.15).
        // Only their own box (the one that overlaps them most, and closely) keeps it, not a part of them,
        // and only when they were once read as a body: a box that never showed one (a part of someone in
        // a zoom) is left at its own score
        const own =
          before &&
          before.seenAsBody &&
          iou(before.box, d) >= CARRY_IOU &&
          detected.every((o) => iou(before.box, o) <= iou(before.box, d));
        const detectorScore = own ? Math.max(d.score, before.detectorScore) : d.score;
        const seenAsBody = !isLost(poses[i]) || !!own;
        found.push({
          box: { x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2 },
          keypoints: poses[i].keypoints,
          step,
          detectorScore,
          score: poses[i].score,
          seenAsBody,
          fresh: !before,
        });
      });
    }
    detectedCount = found.length;
    // the flow has already moved a followed person onto this frame: their crop is around that box
    const followedPoses = await Promise.all(
      carry.map((p) => pose(f.rgb, cropAroundBox(p.box, p.flowed ? undefined : p.step))),
    );
    carry.forEach((p, i) => {
      const cp = followedPoses[i];
      if (isLost(cp)) {
        stats.lost++;
        return;
      }
      found.push({ ...p, ...followBox(p, cp), keypoints: cp.keypoints, score: cp.score });
    });
    // one body read twice (a followed person's crop that drifted onto the one in front of them, a box on a
    // part of someone) is kept once: a confident box the detector gave on this frame first, then the
    // stronger. Of two confident detector boxes only a part of the other one's person goes: two of about one
    // size are two people even when one crop read the other's joints (people side by side in a group), and
    // a whole person never goes for a part (someone at the frame's edge): the detector saw both
    const confident = found.map(
      (p, i) => i < detectedCount && calibratedConfidence('tracking', p.detectorScore, p.score) >= followMin,
    );
    const duplicates = duplicatesOf(
      found.map((p, i) => ({
        box: p.box,
        keypoints: p.keypoints,
        score: (confident[i] ? 2 : 0) + p.detectorScore + p.score,
      })),
      (kept, dropped) => !(confident[kept] && confident[dropped]) || isPartOf(found[dropped].box, found[kept].box),
    );
    const kept = found.filter((_, i) => !duplicates.has(i));
    const follows = (p: (typeof kept)[number]) =>
      calibratedConfidence('tracking', p.detectorScore, p.score) >= followMin;
    await emitSegment(
      ended,
      f,
      kept.filter((p) => p.fresh && follows(p) && !f.cut),
    );
    emit(
      f.frame,
      appendAppearance(
        rowsOfPeople(
          kept.map((p) => ({ ...p, score: p.detectorScore })),
          W,
          H,
        ),
        f.rgb,
        W,
        H,
      ),
      true,
    );
    followed = kept.filter(follows).map(({ box, keypoints, step, detectorScore, seenAsBody }) => ({
      box,
      keypoints,
      step,
      detectorScore,
      seenAsBody,
    }));
    if (passEvery > 1) segment = new FlowSegment(f, followed, W, H);
  }
  await emitSegment(await endSegment());
  stats.reading = passes.decided;
  return stats;
}
