// Hand labels of the people in the face-api sample photos (tests/fixtures/ai/<photo>.labels.json):
// each person once, box and COCO keypoints in photo pixels.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COCO_KEYPOINTS } from '../../domain/constants';

export type KeypointName = (typeof COCO_KEYPOINTS)[number];
/** [x, y, v] in photo pixels; v = 2 visible, 1 hidden but placeable (COCO's convention). */
export type Keypoint = [number, number, number];

export interface LabelledPerson {
  id: string;
  note?: string;
  /** [x1, y1, x2, y2], photo pixels, the visible extent of the person. */
  box: [number, number, number, number];
  /** Keypoints that could be placed; the rest are left out. */
  keypoints: Partial<Record<KeypointName, Keypoint>>;
}
export interface PhotoLabels {
  photo: string;
  width: number;
  height: number;
  note: string;
  people: LabelledPerson[];
}

export const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/ai');

export function loadPhotoLabels(name: string): PhotoLabels {
  return JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, `${name}.labels.json`), 'utf8')) as PhotoLabels;
}

/** The 17 keypoints in COCO order, null where not labelled. */
export function keypointArray(p: LabelledPerson): Array<Keypoint | null> {
  return COCO_KEYPOINTS.map((k) => p.keypoints[k] ?? null);
}
