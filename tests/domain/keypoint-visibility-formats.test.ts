// Hidden joints in the interchange files, as the official readers take them: pycocotools and poseval read
// each keypoint's v (0 not labelled, with x = y = 0 in COCO; 1 labelled but hidden; 2 visible; poseval
// counts any v > 0 as labelled), and CVAT's importer reads each skeleton <points> element's own
// occluded="1" and outside="1" (an outside element is not shown on that keyframe).
import { describe, expect, it } from 'vitest';
import { FORMATS, type FormatTrack, type FormatVideo } from '../../domain/formats';
import { COCO_KEYPOINTS } from '../../domain/constants';

const video: FormatVideo = {
  id: 7,
  filename: 'clip.mp4',
  width: 200,
  height: 100,
  totalFrames: 4,
  frameStride: 1,
  fps: 10,
};
// every joint placed, all with a high score; joint 5 (left_shoulder) occluded and 7 (left_elbow) absent
const keypoints = Array.from({ length: 17 }, (_, i) => [0.1 + i / 100, 0.5, 0.9]).flat();
const visibility = Array.from({ length: 17 }, (_, i) => (i === 5 ? 1 : i === 7 ? 0 : 2));
const det = (frame: number, vis: number[] | null) => ({
  frame,
  x1: 0.1,
  y1: 0.1,
  x2: 0.5,
  y2: 0.9,
  confidence: 0.8,
  keypoints,
  visibility: vis,
  human: true,
});
const tracks: FormatTrack[] = [{ trackId: 1, detections: [det(0, visibility), det(1, null)], segments: [] }];
const triple = (kps: number[], slot: number) => kps.slice(slot * 3, slot * 3 + 3);

describe('COCO keypoints', () => {
  const doc = JSON.parse(FORMATS['coco-keypoints'].encode(video, tracks));

  it('writes v from the stored visibility: 2 visible, 1 occluded, 0 absent with x = y = 0', () => {
    const [stored, none] = doc.annotations;
    expect(triple(stored.keypoints, 0)).toEqual([20, 50, 2]);
    expect(triple(stored.keypoints, 5)).toEqual([30, 50, 1]);
    expect(triple(stored.keypoints, 7)).toEqual([0, 0, 0]);
    // pycocotools evaluates a person by the labelled points it counts
    expect(stored.num_keypoints).toBe(16);
    // a row without stored visibility keeps the score rule: every joint visible
    expect(none.keypoints.filter((_: number, j: number) => j % 3 === 2)).toEqual(Array(17).fill(2));
  });

  it('reads v back as the visibility, the absent joint without a position', () => {
    const read = FORMATS['coco-keypoints'].decode(FORMATS['coco-keypoints'].encode(video, tracks), video).tracks[0]
      .detections[0];
    expect(read.visibility).toEqual(visibility);
    expect(Number.isNaN(read.keypoints![7 * 3])).toBe(true);
    expect(read.keypoints![5 * 3]).toBeCloseTo(0.15);
  });
});

describe('PoseTrack 2018', () => {
  const doc = JSON.parse(FORMATS.posetrack18.encode(video, tracks));
  const slot = (name: string) => [...doc.categories[0].keypoints].indexOf(name);

  it('writes v from the stored visibility (poseval takes v > 0 as labelled) and absent joints as 0, 0, 0', () => {
    const [stored] = doc.annotations;
    expect(triple(stored.keypoints, slot(COCO_KEYPOINTS[5]))).toEqual([30, 50, 1]);
    expect(triple(stored.keypoints, slot(COCO_KEYPOINTS[7]))).toEqual([0, 0, 0]);
    expect(triple(stored.keypoints, slot(COCO_KEYPOINTS[9]))).toEqual([38, 50, 2]);
  });

  it('reads its own v = 1 back as occluded (the file has scores), a file without scores reads v = 1 as visible', () => {
    const text = FORMATS.posetrack18.encode(video, tracks);
    const own = FORMATS.posetrack18.decode(text, video).tracks[0].detections[0];
    expect(own.visibility![5]).toBe(1);
    expect(own.visibility![7]).toBe(0);
    const bare = JSON.parse(text);
    for (const a of bare.annotations) delete a.scores;
    const theirs = FORMATS.posetrack18.decode(JSON.stringify(bare), video).tracks[0].detections[0];
    expect(theirs.visibility![5]).toBe(2);
  });
});

describe('CVAT for video', () => {
  const xml = FORMATS['cvat-video'].encode(video, tracks);
  const point = (frame: number, label: string) => {
    const skeleton = xml.split('<skeleton ').find((s) => s.startsWith(`frame="${frame}"`))!;
    return /<points label="(\w+)" keyframe="1" outside="(\d)" occluded="(\d)"/
      .exec(skeleton.slice(skeleton.indexOf(`label="${label}"`) - 14))!
      .slice(2)
      .map(Number);
  };

  it('writes an occluded joint as occluded="1" and an absent one as outside="1" on its skeleton point', () => {
    expect(point(0, COCO_KEYPOINTS[5])).toEqual([0, 1]);
    expect(point(0, COCO_KEYPOINTS[7])).toEqual([1, 0]);
    expect(point(0, COCO_KEYPOINTS[9])).toEqual([0, 0]);
    // the row without stored visibility: every score is high, so no point is occluded or outside
    expect(point(1, COCO_KEYPOINTS[5])).toEqual([0, 0]);
  });

  it('reads occluded and outside points back as the visibility', () => {
    const read = FORMATS['cvat-video'].decode(xml, video).tracks[0].detections;
    expect(read[0].visibility).toEqual(visibility);
    expect(read[1].visibility).toEqual(Array(17).fill(2));
  });
});

describe('round trips keep the visibility', () => {
  it.each(['coco-keypoints', 'posetrack18', 'cvat-video'] as const)(
    '%s: export → import → export is identical',
    (name) => {
      const once = FORMATS[name].encode(video, tracks);
      expect(FORMATS[name].encode(video, FORMATS[name].decode(once, video).tracks)).toBe(once);
    },
  );
});
