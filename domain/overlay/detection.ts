// One detection of one track at one frame in the compact form the editor and the renderer draw, and the one
// rule for which box a track has at a frame (trackBoxAt): stored, filled in between analysed frames, or
// none. Pure code: the browser overlay, the server's renderer, the review summary and the exports use it.
import { blendJointVisibility, jointVisibilityOf, type JointVisibility } from '../ops/joint-visibility';

/** Number of floats per detection's keypoints: 17 COCO points × (x, y, score). */
export const KEYPOINT_FLOATS = 17 * 3;
export type { JointVisibility } from '../ops/joint-visibility';

/** ai: AI-made; human: a keyframe (human-made or human-edited); interpolated: filled between two
 *  keyframes (not a keyframe); outside: a keyframe that ends a drawn track there (not drawn). */
export type DetectionSource = 'ai' | 'human' | 'interpolated' | 'outside';

/**
 * Coordinates are fractions of the frame size (0..1). `keypoints` is 17 × (x, y, score) flattened, or
 * null when the detection has none. Typed arrays are not drafted by immer: a command that changes
 * keypoints must assign a NEW array, never write into the old one.
 */
export interface CompactDetection {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  keypoints: Float32Array | null;
  source: DetectionSource;
  /** The stored row's version as read (a change sends it back); absent for a frame with no stored row. */
  version?: number;
  /**
   * 17 × 2 visible, 1 occluded, 0 absent, as a person set them; null or left out: none stored, the score
   * decides (see jointVisibility). Replaced, never written into, as keypoints.
   */
  visibility?: Uint8Array | null;
}

/** frame → detection of one track (plain object with integer keys: fast in V8 and draftable by immer). */
export type TrackFrames = Record<number, CompactDetection>;

export interface InterpolationOptions {
  stride: number;
  interpolate: boolean;
}

function lerpKeypoints(a: Float32Array | null, b: Float32Array | null, t: number): Float32Array | null {
  if (!a || !b) return a ?? null;
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] + (b[i] - a[i]) * t;
  return out;
}

/** A joint as shown: its stored visibility, else visible from KEYPOINT_MIN_SCORE up and absent below. */
export function jointVisibility(d: Pick<CompactDetection, 'keypoints' | 'visibility'>, j: number): JointVisibility {
  return jointVisibilityOf(d, j);
}

export function lerpDetection(a: CompactDetection, b: CompactDetection, t: number): CompactDetection {
  return {
    x1: a.x1 + (b.x1 - a.x1) * t,
    y1: a.y1 + (b.y1 - a.y1) * t,
    x2: a.x2 + (b.x2 - a.x2) * t,
    y2: a.y2 + (b.y2 - a.y2) * t,
    confidence: a.confidence + (b.confidence - a.confidence) * t,
    keypoints: lerpKeypoints(a.keypoints, b.keypoints, t),
    // the same rule as the server's fill between keyframes
    visibility: blendJointVisibility(a, b),
    source: a.source,
  };
}

/** The stored detection at a frame (an outside keyframe included), or undefined (how a caller keeps its
 *  frames is its own business). */
export type FrameLookup = (frame: number) => CompactDetection | undefined;

/**
 * What a track has at a frame: its stored box, a box filled in between two stored ones, or none (null).
 * `det` is what is drawn; a filled-in one is derived and never stored.
 */
export interface TrackBox {
  kind: 'stored' | 'filled';
  det: CompactDetection;
}

/**
 * The one rule for what a track has at `frame`, shared by the editor's overlay, the server's render, the
 * review summary's runs and every export:
 * - a stored box there is drawn as it is; an outside keyframe there means none;
 * - else, when the stored rows before and after the frame are at most `stride` frames apart (the AI
 *   analysed every `stride`-th frame), the frame is filled in: the linear blend of the two (interpolation
 *   on) or the one before held (off). Before an outside keyframe the box before is held (the person is seen
 *   until the frame they leave, as CVAT shows it); after one, nothing;
 * - otherwise none: before a track's first stored box, past its last, and in a gap wider than the stride.
 */
export function trackBoxAt(at: FrameLookup, frame: number, opts: InterpolationOptions): TrackBox | null {
  const exact = at(frame);
  if (exact) return exact.source === 'outside' ? null : { kind: 'stored', det: exact };
  const stride = Math.max(1, Math.floor(opts.stride));
  if (stride <= 1) return null;
  let prev: CompactDetection | undefined;
  let prevFrame = -1;
  for (let f = frame - 1; f >= frame - stride + 1 && f >= 0; f--) {
    prev = at(f);
    if (prev) {
      prevFrame = f;
      break;
    }
  }
  if (!prev || prev.source === 'outside') return null;
  for (let f = frame + 1; f <= prevFrame + stride; f++) {
    const next = at(f);
    if (!next) continue;
    const hold = !opts.interpolate || next.source === 'outside';
    return { kind: 'filled', det: hold ? prev : lerpDetection(prev, next, (frame - prevFrame) / (f - prevFrame)) };
  }
  return null;
}

/** Whether a run of drawn frames that reached `last` goes on to a stored box at `frame` (> last): the gap
 *  between them is filled in (trackBoxAt), so the track is seen throughout. The review summary's runs. */
export const runContinues = (last: number, frame: number, stride: number): boolean =>
  frame - last <= Math.max(1, Math.floor(stride));

/** The box drawn for `frame` (trackBoxAt's), or null. */
export function detectionAt(
  frames: TrackFrames | undefined,
  frame: number,
  opts: InterpolationOptions,
): CompactDetection | null {
  return frames ? detectionAtWith((f) => frames[f], frame, opts) : null;
}

/** detectionAt over any frame store. */
export function detectionAtWith(at: FrameLookup, frame: number, opts: InterpolationOptions): CompactDetection | null {
  return trackBoxAt(at, frame, opts)?.det ?? null;
}
