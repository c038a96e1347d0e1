// PoseTrack 2018 JSON, laid out as the PoseTrack 2018 annotation files are, so that the official reader
// (poseval) loads it:
// - The category lists PoseTrack's 17 slots: COCO's order with `head_bottom` and `head_top` where COCO
//   has the eyes. Our eye points are dropped. head_bottom (the bottom of the head, above the neck) and
//   head_top (the crown) are written as not labelled (0, 0, 0): no joint we detect marks either, and a
//   point derived from the nose or ears would be scored by poseval as if an annotator had placed it.
//   The ears keep their slots with our points (PoseTrack's own files leave them 0; poseval ignores them).
// - poseval reads a frame's id from the image's folder and file name, <6-digit sequence>_<mpii|bonn|
//   mpiinew>…/<frame>.jpg, as 1SSSSSSFFFF; the files use that number as the image `id` and `frame_id`.
//   We name the folder after the video's id (images/val/000042_mpii_test/000003.jpg → 10000420003), so
//   poseval reads videos up to 10 000 frames and ids up to 999 999.
// - v is written as in COCO (2 visible, 1 labelled but hidden); poseval takes any v > 0 as labelled.
//   PoseTrack's own files mark every labelled point 1, so a file without `scores` reads v = 1 as visible.
// - `scores` (PoseTrack's per-keypoint prediction scores) and `score` keep our confidences exactly.
import { COCO_KEYPOINTS, COCO_SKELETON } from '../constants';
import { decodeKeypointJson, personRows, writeKeypoints, type KeypointLayout } from './keypoint-json';
import { frameCount, score4, type DecodedFile, type FormatTrack, type FormatVideo } from './model';

export const POSETRACK18_LAYOUT: KeypointLayout = {
  names: ['nose', 'head_bottom', 'head_top', ...COCO_KEYPOINTS.slice(3)],
  source: [0, null, null, ...COCO_KEYPOINTS.slice(3).map((_, i) => i + 3)],
  vOneIsHidden: false,
};

export const POSETRACK18_CATEGORY = {
  supercategory: 'person',
  id: 1,
  name: 'person',
  keypoints: [...POSETRACK18_LAYOUT.names],
  skeleton: COCO_SKELETON.map(([a, b]) => [a + 1, b + 1]),
};

const pad6 = (n: number) => String(n).padStart(6, '0');
/** PoseTrack 2018's image id: sequence type 1 (mpii), the 6-digit sequence, the 4-digit frame. */
export const posetrack18ImageId = (videoId: number, frame: number) => 1e10 + videoId * 1e4 + frame;

export function encodePoseTrack18(video: FormatVideo, tracks: FormatTrack[]): string {
  const n = frameCount(video, tracks);
  const labelled = new Set<number>();
  const annotations: object[] = [];
  for (const { trackId, d, bbox } of personRows(video, tracks)) {
    labelled.add(d.frame);
    const { keypoints, scores, numKeypoints } = writeKeypoints(video, POSETRACK18_LAYOUT, d);
    annotations.push({
      id: annotations.length + 1,
      image_id: posetrack18ImageId(video.id, d.frame),
      track_id: trackId,
      category_id: 1,
      bbox,
      keypoints,
      num_keypoints: numKeypoints,
      scores,
      score: score4(d.confidence),
      filled_in: d.filled === true,
    });
  }
  const images = Array.from({ length: n }, (_, f) => {
    const id = posetrack18ImageId(video.id, f);
    return {
      id,
      frame_id: id,
      vid_id: pad6(video.id),
      nframes: n,
      is_labeled: labelled.has(f),
      has_no_densepose: true,
      file_name: `images/val/${pad6(video.id)}_mpii_test/${pad6(f)}.jpg`,
      width: video.width,
      height: video.height,
    };
  });
  return `${JSON.stringify({ images, annotations, categories: [POSETRACK18_CATEGORY] })}\n`;
}

export const decodePoseTrack18 = (text: string, video: FormatVideo): DecodedFile =>
  decodeKeypointJson(text, video, 'PoseTrack 2018', POSETRACK18_LAYOUT);
