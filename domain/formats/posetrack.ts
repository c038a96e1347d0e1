// PoseTrack 2018 style JSON (COCO keypoints with tracks): one `images` entry per frame of the video
// (id = frame_id = frame + 1, is_labeled when a person is annotated in it), one `annotations` entry per
// person and frame with `track_id`, `bbox` [x, y, w, h] in pixels and 17 COCO `keypoints` as
// x, y, v (v = 0 not labelled with x = y = 0, 1 labelled but hidden, 2 visible), and the COCO `person`
// category with its keypoint names and 1-based skeleton. `scores` (the per-keypoint scores of PoseTrack's
// prediction files) and `score` keep the confidences exactly.
import { COCO_KEYPOINTS, COCO_SKELETON } from '../constants';
import {
  FormatError, IMPORTED_HIDDEN_SCORE, IMPORTED_VISIBLE_SCORE, TrackCollector, VISIBLE_SCORE, frameCount, keypointPixels, ordered, px, score4,
  type DecodedFile, type FormatTrack, type FormatVideo,
} from './model';

const stem = (filename: string) => filename.replace(/\.[^.]+$/, '');
const pad6 = (n: number) => String(n).padStart(6, '0');

export const POSETRACK_CATEGORY = {
  supercategory: 'person', id: 1, name: 'person',
  keypoints: [...COCO_KEYPOINTS],
  skeleton: COCO_SKELETON.map(([a, b]) => [a + 1, b + 1]),
};

export function encodePoseTrack(video: FormatVideo, tracks: FormatTrack[]): string {
  const n = frameCount(video, tracks);
  const labelled = new Set<number>();
  const annotations: object[] = [];
  let id = 0;
  for (const t of ordered(tracks)) {
    for (const d of t.detections) {
      labelled.add(d.frame);
      const kps: number[] = [];
      const scores: number[] = [];
      let numKeypoints = 0;
      for (const k of d.keypoints ? keypointPixels(video, d.keypoints) : Array(17).fill(null)) {
        if (!k) { kps.push(0, 0, 0); scores.push(0); continue; }
        kps.push(k[0], k[1], k[2] >= VISIBLE_SCORE ? 2 : 1);
        scores.push(score4(k[2]));
        numKeypoints++;
      }
      const x = px(d.x1 * video.width), y = px(d.y1 * video.height);
      annotations.push({
        id: ++id, image_id: d.frame + 1, track_id: t.trackId, category_id: 1,
        bbox: [x, y, px(d.x2 * video.width - x), px(d.y2 * video.height - y)],
        keypoints: kps, num_keypoints: numKeypoints, scores, score: score4(d.confidence),
      });
    }
  }
  const images = Array.from({ length: n }, (_, f) => ({
    id: f + 1, frame_id: f + 1, vid_id: video.id, nframes: n, is_labeled: labelled.has(f),
    file_name: `images/${stem(video.filename)}/${pad6(f)}.jpg`, width: video.width, height: video.height,
  }));
  return `${JSON.stringify({ images, annotations, categories: [POSETRACK_CATEGORY] })}\n`;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function decodePoseTrack(text: string, video: FormatVideo): DecodedFile {
  let doc: unknown;
  try { doc = JSON.parse(text); } catch (e) { throw new FormatError(`Not JSON: ${(e as Error).message}`); }
  const root = doc as { images?: unknown; annotations?: unknown; categories?: unknown };
  if (!root || typeof root !== 'object' || !Array.isArray(root.images) || !Array.isArray(root.annotations)) {
    throw new FormatError('A PoseTrack file needs `images` and `annotations` arrays');
  }
  const frameOf = new Map<number, { frame: number; width: number; height: number }>();
  root.images.forEach((img: { id?: unknown; frame_id?: unknown; width?: unknown; height?: unknown }, i: number) => {
    if (!isNum(img?.id)) throw new FormatError(`images[${i}]: id must be a number`);
    // frame_id counts from 1 like the image ids; without it the order of the images gives the frame
    const frame = isNum(img.frame_id) ? img.frame_id - 1 : i;
    frameOf.set(img.id, { frame, width: isNum(img.width) ? img.width : video.width, height: isNum(img.height) ? img.height : video.height });
  });
  const collector = new TrackCollector();
  const warnings: string[] = [];
  let beyond = 0;
  root.annotations.forEach((a: Record<string, unknown>, i: number) => {
    const where = `annotations[${i}]`;
    if (!a || typeof a !== 'object') throw new FormatError(`${where}: not an object`);
    if (!isNum(a.track_id) || !Number.isInteger(a.track_id) || a.track_id < 0) throw new FormatError(`${where}: track_id must be a non-negative integer`);
    const img = isNum(a.image_id) ? frameOf.get(a.image_id) : undefined;
    if (!img) throw new FormatError(`${where}: image_id ${String(a.image_id)} is not in images`);
    if (!Number.isInteger(img.frame) || img.frame < 0) throw new FormatError(`${where}: its image has no frame from 1 (frame_id)`);
    if (video.totalFrames > 0 && img.frame >= video.totalFrames) { beyond++; return; }
    const kp = a.keypoints;
    if (kp !== undefined && !(Array.isArray(kp) && kp.length === 51 && kp.every(isNum))) throw new FormatError(`${where}: keypoints must be 51 numbers (17 × x, y, v)`);
    const scores = Array.isArray(a.scores) && a.scores.length === 17 && a.scores.every(isNum) ? a.scores as number[] : null;
    let keypoints: number[] | null = null;
    if (Array.isArray(kp) && kp.some((v, j) => j % 3 === 2 && v > 0)) {
      keypoints = [];
      for (let j = 0; j < 17; j++) {
        const v = kp[j * 3 + 2] as number;
        if (v <= 0) { keypoints.push(NaN, NaN, NaN); continue; }
        const s = scores ? scores[j] : v >= 2 ? IMPORTED_VISIBLE_SCORE : IMPORTED_HIDDEN_SCORE;
        keypoints.push((kp[j * 3] as number) / img.width, (kp[j * 3 + 1] as number) / img.height, s);
      }
    }
    const box = a.bbox;
    if (!(Array.isArray(box) && box.length === 4 && box.every(isNum) && box[2] >= 0 && box[3] >= 0)) throw new FormatError(`${where}: bbox must be [x, y, w, h] with w, h ≥ 0`);
    const [x, y, w, h] = box as number[];
    collector.add(a.track_id, {
      frame: img.frame, x1: x / img.width, y1: y / img.height, x2: (x + w) / img.width, y2: (y + h) / img.height,
      confidence: isNum(a.score) ? a.score : 1, keypoints, human: true,
    }, where);
  });
  if (beyond) warnings.push(`${beyond} annotation(s) after the video's last frame were left out`);
  return { tracks: collector.tracks(), warnings };
}
