// COCO keypoints JSON (person keypoints as in the COCO 2017 annotation files), with a `track_id` per
// person. One image per frame of the video (id = frame + 1, named <video stem>/<frame, 6 digits>.jpg),
// one annotation per person and frame with a unique id, `area` (the box's, in square pixels), `iscrowd`
// 0 and `num_keypoints`, so that pycocotools indexes it and evaluates it; `score` keeps the detection's
// confidence (pycocotools reads it from results and ignores it in ground truth).
import { COCO_KEYPOINTS, COCO_SKELETON } from '../constants';
import { decodeKeypointJson, personRows, writeKeypoints, type KeypointLayout } from './keypoint-json';
import { frameCount, score4, type DecodedFile, type FormatTrack, type FormatVideo } from './model';

export const COCO_LAYOUT: KeypointLayout = {
  names: COCO_KEYPOINTS,
  source: COCO_KEYPOINTS.map((_, i) => i),
  vOneIsHidden: true,
};

export const COCO_PERSON_CATEGORY = {
  supercategory: 'person',
  id: 1,
  name: 'person',
  keypoints: [...COCO_KEYPOINTS],
  skeleton: COCO_SKELETON.map(([a, b]) => [a + 1, b + 1]),
};

const stem = (filename: string) => filename.replace(/\.[^.]+$/, '');
const pad6 = (n: number) => String(n).padStart(6, '0');

export function encodeCocoKeypoints(video: FormatVideo, tracks: FormatTrack[]): string {
  const n = frameCount(video, tracks);
  const annotations: object[] = [];
  for (const { trackId, d, bbox } of personRows(video, tracks)) {
    const { keypoints, numKeypoints } = writeKeypoints(video, COCO_LAYOUT, d);
    annotations.push({
      id: annotations.length + 1,
      image_id: d.frame + 1,
      category_id: 1,
      track_id: trackId,
      bbox,
      area: score4(bbox[2] * bbox[3]),
      iscrowd: 0,
      num_keypoints: numKeypoints,
      keypoints,
      score: score4(d.confidence),
      filled_in: d.filled === true,
    });
  }
  const images = Array.from({ length: n }, (_, f) => ({
    id: f + 1,
    file_name: `${stem(video.filename)}/${pad6(f)}.jpg`,
    width: video.width,
    height: video.height,
  }));
  return `${JSON.stringify({ images, annotations, categories: [COCO_PERSON_CATEGORY] })}\n`;
}

export const decodeCocoKeypoints = (text: string, video: FormatVideo): DecodedFile =>
  decodeKeypointJson(text, video, 'COCO keypoints', COCO_LAYOUT);
