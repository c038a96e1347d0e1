// The JSON layout COCO keypoints and PoseTrack 2018 share: `images`, `annotations` (one per person and
// frame, with `track_id`, `bbox` [x, y, w, h] in pixels and 17 keypoints as x, y, v where v = 0 is not
// labelled with x = y = 0, 1 labelled but hidden, 2 visible) and one `person` category naming the
// keypoints. The two formats differ in their image ids and file names and in which joint sits in each of
// the 17 slots; each passes its layout to these functions.
//
// Every frame the editor draws is an annotation (drawn-frames.ts); `filled_in` says whether it is a frame
// filled in between two stored boxes (true) or a stored box (false). Readers that do not know the key
// (pycocotools, poseval) pass over it.
//
// v is the joint's stored visibility (2 visible, 1 occluded, 0 absent, written 0, 0, 0 as COCO requires).
// A row that stores none (the AI's) derives it from the score: from VISIBLE_SCORE up visible (2), a lower
// one labelled but hidden (1), a missing keypoint 0. Reading stores v back as the visibility.
import { COCO_KEYPOINTS } from '../constants';
import {
  FormatError,
  IMPORTED_HIDDEN_SCORE,
  IMPORTED_VISIBLE_SCORE,
  TrackCollector,
  VISIBLE_SCORE,
  keypointPixels,
  ordered,
  px,
  score4,
  type DecodedFile,
  type FormatDetection,
  type FormatTrack,
  type FormatVideo,
} from './model';
import { drawnTracks } from './drawn-frames';

export interface KeypointLayout {
  /** The 17 names the category lists, in slot order. */
  names: readonly string[];
  /** Per slot, the COCO keypoint written there, or null for a joint we do not have (written v = 0). */
  source: ReadonlyArray<number | null>;
  /** How a file without per-keypoint `scores` is read: in COCO v = 1 is a hidden point; PoseTrack 2018's
   *  files mark every labelled point v = 1 (they do not record visibility), so there it is visible. */
  vOneIsHidden: boolean;
}

export interface WrittenKeypoints {
  keypoints: number[];
  scores: number[];
  numKeypoints: number;
}

/** A detection's keypoints laid out in slots as pixels and v. */
export function writeKeypoints(video: FormatVideo, layout: KeypointLayout, d: FormatDetection): WrittenKeypoints {
  const pixels = d.keypoints ? keypointPixels(video, d.keypoints) : null;
  const keypoints: number[] = [];
  const scores: number[] = [];
  let numKeypoints = 0;
  const vis = d.visibility?.length === 17 ? d.visibility : null;
  for (const src of layout.source) {
    const k = src === null || !pixels ? null : pixels[src];
    const v = !k ? 0 : vis ? vis[src!] : k[2] >= VISIBLE_SCORE ? 2 : 1;
    if (!k || v === 0) {
      keypoints.push(0, 0, 0);
      scores.push(0);
      continue;
    }
    keypoints.push(k[0], k[1], v);
    scores.push(score4(k[2]));
    numKeypoints++;
  }
  return { keypoints, scores, numKeypoints };
}

/** Every drawn detection (drawn-frames.ts), by track then frame, with its box in pixels. */
export function* personRows(
  video: FormatVideo,
  tracks: FormatTrack[],
): Generator<{ trackId: number; d: FormatDetection; bbox: number[] }> {
  for (const t of ordered(drawnTracks(video, tracks))) {
    for (const d of t.detections) {
      const x = px(d.x1 * video.width),
        y = px(d.y1 * video.height);
      yield { trackId: t.trackId, d, bbox: [x, y, px(d.x2 * video.width - x), px(d.y2 * video.height - y)] };
    }
  }
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The frame an image shows: the number its file is named with (both formats name frames 000000.jpg
 *  upwards), else its place in `images`. */
function frameOfImage(img: { file_name?: unknown }, index: number): number {
  const m = typeof img.file_name === 'string' ? /(\d+)\.[A-Za-z0-9]+$/.exec(img.file_name) : null;
  return m ? Number(m[1]) : index;
}

/** Reads either format: keypoints are matched to ours by the names the file's category gives them. */
export function decodeKeypointJson(
  text: string,
  video: FormatVideo,
  formatName: string,
  ownLayout: KeypointLayout,
): DecodedFile {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new FormatError(`Not JSON: ${(e as Error).message}`);
  }
  const root = doc as { images?: unknown; annotations?: unknown; categories?: unknown };
  if (!root || typeof root !== 'object' || !Array.isArray(root.images) || !Array.isArray(root.annotations)) {
    throw new FormatError(`A ${formatName} file needs \`images\` and \`annotations\` arrays`);
  }
  const category = Array.isArray(root.categories)
    ? (root.categories[0] as { keypoints?: unknown } | undefined)
    : undefined;
  const names =
    Array.isArray(category?.keypoints) && category.keypoints.every((n) => typeof n === 'string')
      ? (category.keypoints as string[])
      : ownLayout.names;
  // slots whose joint we do not keep (head_bottom, head_top, anything unknown) are read past
  const slotToCoco = names.map((n) => {
    const i = COCO_KEYPOINTS.indexOf(n as (typeof COCO_KEYPOINTS)[number]);
    return i < 0 ? null : i;
  });
  const frameOf = new Map<number, { frame: number; width: number; height: number }>();
  root.images.forEach((img: { id?: unknown; file_name?: unknown; width?: unknown; height?: unknown }, i: number) => {
    if (!isNum(img?.id)) throw new FormatError(`images[${i}]: id must be a number`);
    frameOf.set(img.id, {
      frame: frameOfImage(img, i),
      width: isNum(img.width) ? img.width : video.width,
      height: isNum(img.height) ? img.height : video.height,
    });
  });
  const collector = new TrackCollector();
  let beyond = 0;
  root.annotations.forEach((a: Record<string, unknown>, i: number) => {
    const where = `annotations[${i}]`;
    if (!a || typeof a !== 'object') throw new FormatError(`${where}: not an object`);
    if (!isNum(a.track_id) || !Number.isInteger(a.track_id) || a.track_id < 0)
      throw new FormatError(`${where}: track_id must be a non-negative integer`);
    const img = isNum(a.image_id) ? frameOf.get(a.image_id) : undefined;
    if (!img) throw new FormatError(`${where}: image_id ${String(a.image_id)} is not in images`);
    if (video.totalFrames > 0 && img.frame >= video.totalFrames) {
      beyond++;
      return;
    }
    const kp = a.keypoints;
    const n = names.length * 3;
    if (kp !== undefined && !(Array.isArray(kp) && kp.length === n && kp.every(isNum)))
      throw new FormatError(`${where}: keypoints must be ${n} numbers (${names.length} × x, y, v)`);
    const scores =
      Array.isArray(a.scores) && a.scores.length === names.length && a.scores.every(isNum)
        ? (a.scores as number[])
        : null;
    let keypoints: number[] | null = null;
    let visibility: number[] | null = null;
    if (Array.isArray(kp) && slotToCoco.some((c, j) => c !== null && (kp[j * 3 + 2] as number) > 0)) {
      keypoints = Array<number>(51).fill(NaN);
      visibility = Array<number>(17).fill(0);
      // v = 1 is hidden in COCO and in files with scores (ours); PoseTrack's own files mark every point 1
      const oneIsHidden = ownLayout.vOneIsHidden || scores !== null;
      slotToCoco.forEach((c, j) => {
        const v = kp[j * 3 + 2] as number;
        if (c === null || v <= 0) return;
        const visible = v >= 2 || !oneIsHidden;
        const s = scores ? scores[j] : visible ? IMPORTED_VISIBLE_SCORE : IMPORTED_HIDDEN_SCORE;
        keypoints!.splice(c * 3, 3, (kp[j * 3] as number) / img.width, (kp[j * 3 + 1] as number) / img.height, s);
        visibility![c] = visible ? 2 : 1;
      });
    }
    const box = a.bbox;
    if (!(Array.isArray(box) && box.length === 4 && box.every(isNum) && box[2] >= 0 && box[3] >= 0))
      throw new FormatError(`${where}: bbox must be [x, y, w, h] with w, h ≥ 0`);
    const [x, y, w, h] = box as number[];
    collector.add(
      a.track_id,
      {
        frame: img.frame,
        x1: x / img.width,
        y1: y / img.height,
        x2: (x + w) / img.width,
        y2: (y + h) / img.height,
        confidence: isNum(a.score) ? a.score : 1,
        keypoints,
        visibility,
        human: true,
        ...(a.filled_in === true ? { filled: true } : {}),
      },
      where,
    );
  });
  return {
    tracks: collector.tracks(),
    warnings: beyond ? [`${beyond} annotation(s) after the video's last frame were left out`] : [],
  };
}
