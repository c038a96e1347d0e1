// The analysed frames from one model pass to the next: the people the pass found are followed over them by
// optical flow on each frame's own pixels (pose-pool.ts → optical-flow.ts), so every analysed frame gets its
// own box and joints, never a blend of its neighbours'. The segment keeps its frames until the next pass
// (a fifth of a second of video), then asks a pose worker to follow everyone over all of them at once.
import { duplicatesOf, sameBody, type Keypoint, type PixelBox } from './crop-follow';
import { iou } from './kalman';
import { FLOW_ROW, readFlowRow, writeFlowRow, type FlowPerson } from './flow-box';
import type { DecodedFrame } from './frames';
import type { PosePool } from './pose-pool';
import { appendAppearance, rowsOfPeople } from './pose-rows';

/** Grey (luma) image of an RGB frame. */
export function greyOf(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const n = width * height;
  const out = new Uint8Array(n);
  for (let i = 0, o = 0; i < n; i++, o += 3) out[i] = (rgb[o] * 77 + rgb[o + 1] * 150 + rgb[o + 2] * 29) >> 8;
  return out;
}

/** A person the pass handed on: where they were on the pass frame, and the detector's score for them. */
export interface SegmentPerson {
  box: PixelBox;
  keypoints: Keypoint[];
  detectorScore: number;
}

export interface FollowedFrame {
  frame: number;
  /** Rows (pose-rows.ts, with histograms) of the people still followed on this frame. */
  rows: Float32Array;
  /** Their boxes (frame pixels). */
  boxes: PixelBox[];
}

/**
 * A person found on the pass after the segment is followed back over it only while their box stands clear of
 * everyone else's on the frame (IoU at most this). Where two people overlap, the flow cannot tell whose pixels
 * it follows, and the boxes it added there made the tracker swap the two (the action clip's runner and jumper
 * at 0.2–0.3: IDF1 0.966 → 0.745).
 */
const BACKFILL_MAX_IOU = 0.1;

export interface SegmentEnd {
  /** The analysed frames after the pass, each with the people followed onto it. */
  between: FollowedFrame[];
  /** Per person handed on: where the flow last had them (on the next pass's frame when it got that far). */
  last: FlowPerson[];
  /** Per person: whether the flow still had them on the last frame it was given. */
  followed: boolean[];
}

export class FlowSegment {
  private readonly grey: Uint8Array[];
  readonly frames: DecodedFrame[] = [];

  constructor(
    start: DecodedFrame,
    readonly people: SegmentPerson[],
    private readonly width: number,
    private readonly height: number,
  ) {
    this.grey = [greyOf(start.rgb, width, height)];
  }

  /** An analysed frame between this pass and the next. */
  add(f: DecodedFrame): void {
    this.frames.push(f);
    this.grey.push(greyOf(f.rgb, this.width, this.height));
  }

  /**
   * Follows the people over the frames added and, when given, onto the next pass's frame (`until`, which
   * is not answered: the pass answers it), and returns each frame's rows.
   */
  async finish(pool: PosePool, until?: DecodedFrame): Promise<SegmentEnd> {
    const W = this.width,
      H = this.height;
    const grey = until ? [...this.grey, greyOf(until.rgb, W, H)] : this.grey;
    const n = this.people.length;
    const last: FlowPerson[] = this.people.map((p) => ({ box: p.box, keypoints: p.keypoints }));
    const followed = this.people.map(() => true);
    if (!n || grey.length < 2)
      return {
        between: this.frames.map((f) => ({ frame: f.frame, rows: new Float32Array(0), boxes: [] })),
        last,
        followed,
      };
    const out = await this.follow(pool, grey, this.people);
    const between: FollowedFrame[] = [];
    // a person whose box the flow carried onto someone else's (they went behind them) is lost from then on
    const merged = new Set<number>();
    // two people the pass handed on with one body's joints (one crop read the other's) are two people to the
    // flow too: only joints that came together since the pass say one crop drifted onto another body
    const sameAtPass = (i: number, j: number) => sameBody(this.people[i], this.people[j]);
    for (let f = 0; f < grey.length - 1; f++) {
      const now = this.people.map((_, i) => (merged.has(i) ? null : readFlowRow(out, (f * n + i) * FLOW_ROW)));
      const alive = now.flatMap((p, i) => (p ? [i] : []));
      const dup = duplicatesOf(
        alive.map((i) => ({ box: now[i]!.box, keypoints: now[i]!.keypoints, score: this.people[i].detectorScore })),
        (a, b) => !sameAtPass(alive[a], alive[b]),
      );
      for (const k of dup) merged.add(alive[k]);
      const here: Array<FlowPerson & { score: number }> = [];
      for (let i = 0; i < n; i++) {
        const p = merged.has(i) ? null : now[i];
        followed[i] = !!p;
        if (!p) continue;
        last[i] = p;
        here.push({ ...p, score: this.people[i].detectorScore });
      }
      const frame = this.frames[f];
      if (frame)
        between.push({
          frame: frame.frame,
          rows: appendAppearance(rowsOfPeople(here, W, H), frame.rgb, W, H),
          boxes: here.map((p) => p.box),
        });
    }
    return { between, last, followed };
  }

  /**
   * People the next pass (`pass`) found who were not followed over this segment — someone walking in, or
   * found again after the crops lost them — followed back over the segment's frames by the optical flow, from the
   * pass frame to the first frame after the segment's own pass, and added to `between` (as finish answered
   * it): their track then starts on the frame where they came into view, not up to a fifth of a second later.
   * A person is followed back until the flow loses them or their box runs into someone already on the frame.
   */
  async backfill(pool: PosePool, pass: DecodedFrame, people: SegmentPerson[], between: FollowedFrame[]): Promise<void> {
    const W = this.width,
      H = this.height;
    const n = people.length;
    if (!n || !between.length) return;
    const out = await this.follow(pool, [greyOf(pass.rgb, W, H), ...this.grey.slice(1).reverse()], people);
    const stopped = new Set<number>();
    for (let k = 0; k < between.length; k++) {
      const at = between[between.length - 1 - k];
      const here: Array<FlowPerson & { score: number }> = [];
      for (let i = 0; i < n; i++) {
        const p = stopped.has(i) ? null : readFlowRow(out, (k * n + i) * FLOW_ROW);
        if (!p || [...at.boxes, ...here.map((h) => h.box)].some((b) => iou(b, p.box) > BACKFILL_MAX_IOU)) {
          stopped.add(i);
          continue;
        }
        here.push({ ...p, score: people[i].detectorScore });
      }
      if (!here.length) break;
      const frame = this.frames[this.frames.length - 1 - k];
      const rows = appendAppearance(rowsOfPeople(here, W, H), frame.rgb, W, H);
      const joined = new Float32Array(at.rows.length + rows.length);
      joined.set(at.rows);
      joined.set(rows, at.rows.length);
      at.rows = joined;
      at.boxes = [...at.boxes, ...here.map((h) => h.box)];
    }
  }

  /** The flow's rows for `people` from the first of the `grey` frames over the others, in that order. */
  private follow(pool: PosePool, grey: Uint8Array[], people: FlowPerson[]): Promise<Float32Array> {
    const W = this.width,
      H = this.height;
    const start = new Float32Array(people.length * FLOW_ROW);
    people.forEach((p, i) => writeFlowRow(start, i * FLOW_ROW, p));
    const all = new Uint8Array(W * H * grey.length);
    grey.forEach((g, i) => all.set(g, i * W * H));
    return pool.flow(all, grey.length, W, H, start);
  }
}
