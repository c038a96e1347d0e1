// The interchange formats read hand-written files made from the formats' public definitions (not by our
// writers), and writing then reading gives the same tracks.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS, FormatError, type FormatName, type FormatTrack, type FormatVideo } from '../../domain/formats';

const video: FormatVideo = {
  id: 7,
  filename: 'clip.mp4',
  width: 200,
  height: 100,
  totalFrames: 5,
  frameStride: 1,
  fps: 25,
};
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/formats', name), 'utf8');

/** The persons every fixture describes: boxes in fractions of the 200×100 frame. */
const expectedBoxes = [
  {
    trackId: 1,
    frames: [
      [0, 0.1, 0.1, 0.3, 0.7],
      [1, 0.11, 0.1, 0.31, 0.7],
    ],
  },
  {
    trackId: 2,
    frames: [
      [1, 0.5, 0.2, 0.65, 0.7],
      [2, 0.52, 0.2, 0.67, 0.7],
    ],
  },
];

function expectBoxes(tracks: FormatTrack[]) {
  expect(tracks.map((t) => t.trackId)).toEqual([1, 2]);
  expectedBoxes.forEach((want, i) => {
    expect(tracks[i].detections.map((d) => d.frame)).toEqual(want.frames.map((f) => f[0]));
    tracks[i].detections.forEach((d, j) => {
      const [, x1, y1, x2, y2] = want.frames[j];
      expect([d.x1, d.y1, d.x2, d.y2].map((v) => Number(v.toFixed(6)))).toEqual([x1, y1, x2, y2]);
      expect(d.human).toBe(true);
    });
  });
}

/** Nose visible, left eye labelled but hidden, the rest absent; then the nose alone. */
function expectPose(tracks: FormatTrack[]) {
  const [f0, f1] = tracks[0].detections;
  expect(f0.keypoints!.slice(0, 6)).toEqual([0.15, 0.15, 1, 0.16, 0.14, 0.1]);
  expect(f0.keypoints!.slice(6).every(Number.isNaN)).toBe(true);
  expect(f1.keypoints!.slice(0, 3)).toEqual([0.16, 0.15, 1]);
  expect(f1.keypoints!.slice(3).every(Number.isNaN)).toBe(true);
  expect(tracks[1].detections.every((d) => d.keypoints === null)).toBe(true);
}

describe('reading hand-made files', () => {
  it('COCO keypoints: tracks, boxes [x, y, w, h] and keypoint visibility', () => {
    const { tracks, warnings } = FORMATS['coco-keypoints'].decode(fixture('coco-keypoints.json'), video);
    expectBoxes(tracks);
    expectPose(tracks);
    expect(warnings).toEqual([]);
  });

  it('PoseTrack 2018: frames from the file names, joints by name, head_bottom/head_top and v = 0 points left out', () => {
    const { tracks, warnings } = FORMATS.posetrack18.decode(fixture('posetrack18.json'), video);
    expectBoxes(tracks);
    const [f0, f1] = tracks[0].detections;
    // the file marks labelled points 1, as PoseTrack 2018 does: read as visible
    expect(f0.keypoints!.slice(0, 3)).toEqual([0.15, 0.15, 1]);
    expect(f0.keypoints!.slice(3).every(Number.isNaN)).toBe(true);
    expect(f1.keypoints!.slice(0, 3)).toEqual([0.16, 0.15, 1]);
    expect(tracks[1].detections.every((d) => d.keypoints === null)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('MOTChallenge: frames from 1, ids, boxes and confidences', () => {
    const { tracks } = FORMATS.mot.decode(fixture('mot.txt'), video);
    expectBoxes(tracks);
    expect(tracks.flatMap((t) => t.detections.map((d) => d.confidence))).toEqual([1, 1, 0.8, 0.75]);
    expect(tracks.flatMap((t) => t.detections).every((d) => d.keypoints === null)).toBe(true);
  });

  it('CVAT for video: box and skeleton tracks of one group form one person; outside shapes end a track', () => {
    const { tracks } = FORMATS['cvat-video'].decode(fixture('cvat-video.xml'), video);
    expectBoxes(tracks);
    expectPose(tracks);
  });
});

describe('writing', () => {
  const tracks = FORMATS['coco-keypoints'].decode(fixture('coco-keypoints.json'), video).tracks;

  it('PoseTrack 2018 has one image per frame, pixel boxes and the person category with its skeleton', () => {
    const doc = JSON.parse(FORMATS.posetrack18.encode(video, tracks));
    expect(doc.images).toHaveLength(5);
    expect(doc.images.map((i: { is_labeled: boolean }) => i.is_labeled)).toEqual([true, true, true, false, false]);
    expect(doc.annotations[0]).toMatchObject({
      image_id: 10000070000,
      track_id: 1,
      bbox: [20, 10, 40, 60],
      num_keypoints: 1,
    });
    expect(doc.annotations[0].keypoints.slice(0, 9)).toEqual([30, 15, 2, 0, 0, 0, 0, 0, 0]);
    expect(doc.categories[0].keypoints).toHaveLength(17);
    expect(doc.categories[0].skeleton).toContainEqual([6, 7]);
  });

  it('COCO keypoints has one image per frame, pixel boxes and the COCO person category with its skeleton', () => {
    const doc = JSON.parse(FORMATS['coco-keypoints'].encode(video, tracks));
    expect(doc.images).toHaveLength(5);
    expect(doc.annotations[0]).toMatchObject({
      image_id: 1,
      track_id: 1,
      bbox: [20, 10, 40, 60],
      num_keypoints: 2,
      area: 2400,
      iscrowd: 0,
    });
    expect(doc.annotations[0].keypoints.slice(0, 9)).toEqual([30, 15, 2, 32, 14, 1, 0, 0, 0]);
    expect(doc.categories[0].keypoints).toHaveLength(17);
    expect(doc.categories[0].skeleton).toContainEqual([6, 7]);
  });

  it('MOT lines are frame,id,x,y,w,h,conf,-1,-1,-1 ordered by frame then id', () => {
    expect(FORMATS.mot.encode(video, tracks).trim().split('\n')).toEqual([
      '1,1,20,10,40,60,1,-1,-1,-1',
      '2,1,22,10,40,60,1,-1,-1,-1',
      '2,2,100,20,30,50,1,-1,-1,-1',
      '3,2,104,20,30,50,1,-1,-1,-1',
    ]);
  });

  it('CVAT ends a track with an outside keyframe on the frame after its last one', () => {
    const xml = FORMATS['cvat-video'].encode(video, tracks);
    expect(xml).toContain('<box frame="2" keyframe="1" outside="1"');
    expect(xml).toContain('<track id="1" label="pose" source="manual" group_id="1">');
    expect(xml).toContain('<points label="left_eye" keyframe="1" outside="0" occluded="1" points="32,14">');
  });

  it.each(['coco-keypoints', 'posetrack18', 'mot', 'cvat-video'] as FormatName[])(
    '%s: write → read → write is identical',
    (name) => {
      const once = FORMATS[name].encode(video, tracks);
      const again = FORMATS[name].encode(video, FORMATS[name].decode(once, video).tracks);
      expect(again).toBe(once);
    },
  );
});

describe('refusing malformed files with the place named', () => {
  it.each([
    [
      'posetrack18',
      '{"images": [{"id": 1, "frame_id": 1}], "annotations": [{"image_id": 9, "track_id": 1, "bbox": [0, 0, 1, 1]}]}',
      'annotations[0]: image_id 9',
    ],
    ['coco-keypoints', 'nope', 'Not JSON'],
    [
      'coco-keypoints',
      '{"images": [{"id": 1}], "annotations": [{"image_id": 1, "track_id": 1, "bbox": [0, 0, 1, 1], "keypoints": [1, 2, 2]}]}',
      'annotations[0]: keypoints must be 51 numbers',
    ],
    ['mot', '1,1,20,10,40,60,1,-1,-1,-1\n0,1,2,3,4,5,1,-1,-1,-1\n', 'line 2: frame must be an integer from 1'],
    ['mot', '1,1,20,10,40,60,1\n1,1,20,10,40,60,1\n', 'line 2: track 1 has two entries for frame 0'],
    [
      'cvat-video',
      '<annotations><track id="3" label="person"><box frame="0" outside="0" xtl="a" ytl="0" xbr="1" ybr="1"/></track></annotations>',
      '<track id="3"> frame 0: xtl must be a number',
    ],
    ['cvat-video', '<!DOCTYPE x [<!ENTITY a "b">]><annotations/>', 'DOCTYPE'],
  ] as Array<[FormatName, string, string]>)('%s: %s', (name, text, message) => {
    expect(() => FORMATS[name].decode(text, video)).toThrow(FormatError);
    expect(() => FORMATS[name].decode(text, video)).toThrow(message);
  });
});
