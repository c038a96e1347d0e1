// What the official importers need from our per-video files, each rule taken from the importer's source:
// CVAT's `load_anno` keeps only keyframe="1" shapes of a <track> (and crashes on a track with none), ends
// a track at an outside="1" keyframe and interpolates the frames between keyframes; poseval's
// `Video.from_new` needs every PoseTrack 2018 landmark name in the category and derives a frame's id from
// the image's folder name; pycocotools indexes images, annotations and categories by id and evaluates
// keypoints by `num_keypoints`, `area` and `iscrowd`.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS, FORMAT_NAMES, type FormatTrack, type FormatVideo } from '../../domain/formats';
import { COCO_KEYPOINTS } from '../../domain/constants';

const video: FormatVideo = {
  id: 42,
  filename: 'clip.mp4',
  width: 200,
  height: 100,
  totalFrames: 8,
  frameStride: 2,
  fps: 10,
};
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/formats', name), 'utf8');
const kp = (...visible: Array<[number, number, number]>) => {
  const flat = Array<number>(51).fill(NaN);
  visible.forEach(([i, x, s]) => flat.splice(i * 3, 3, x, 0.5, s));
  return flat;
};
const det = (frame: number, x: number, human = false, keypoints: number[] | null = null) => ({
  frame,
  x1: x,
  y1: 0.1,
  x2: x + 0.2,
  y2: 0.9,
  confidence: 0.8,
  keypoints,
  human,
});

/** AI track 1 with a gap of 2 frames (the stride) and one of 3 (an absence); human track 2 ending at frame 4. */
const tracks: FormatTrack[] = [
  {
    trackId: 1,
    detections: [
      det(0, 0.1, false, kp([0, 0.2, 0.9], [5, 0.25, 0.1])),
      det(2, 0.12, false, kp([0, 0.21, 0.9])),
      det(5, 0.14),
    ],
    segments: [
      { actionClass: 'run', startTime: 0, endTime: 0.3 },
      { actionClass: 'jump', startTime: 0.5, endTime: 0.6 },
    ],
  },
  { trackId: 2, detections: [det(3, 0.5, true), det(4, 0.52, true)], segments: [] },
];

describe('CVAT for video 1.1', () => {
  const xml = FORMATS['cvat-video'].encode(video, tracks);
  const boxesOf = (trackXml: string) =>
    [...trackXml.matchAll(/<box frame="(\d+)" keyframe="(\d)" outside="(\d)"/g)].map((m) => m.slice(1).map(Number));
  const personTracks = xml.split('<track ').filter((t) => t.includes('label="person"'));

  it('writes every stored box and skeleton as a keyframe, AI-made ones too: CVAT drops keyframe="0" shapes', () => {
    expect(xml).not.toContain('keyframe="0"');
    expect(
      boxesOf(personTracks[0])
        .filter(([, , outside]) => !outside)
        .map(([f]) => f),
    ).toEqual([0, 2, 5]);
  });

  it('ends a track and a gap longer than the stride with an outside keyframe, but not a gap the stride explains', () => {
    expect(boxesOf(personTracks[0])).toEqual([
      [0, 1, 0],
      [2, 1, 0],
      [3, 1, 1],
      [5, 1, 0],
      [6, 1, 1],
    ]);
    expect(boxesOf(personTracks[1])).toEqual([
      [3, 1, 0],
      [4, 1, 0],
      [5, 1, 1],
    ]);
  });

  it('declares action as a mutable select attribute of person and writes it on every box', () => {
    expect(xml).toMatch(
      /<name>person<\/name>\s*<type>rectangle<\/type>\s*<attributes>\s*<attribute>\s*<name>action<\/name>\s*<mutable>True<\/mutable>\s*<input_type>select<\/input_type>\s*<default_value>none<\/default_value>\s*<values>none\nkick/,
    );
    const actions = [
      ...personTracks[0].matchAll(/<box frame="(\d+)"[^>]*>\s*<attribute name="action">(\w+)<\/attribute>/g),
    ].map((m) => [Number(m[1]), m[2]]);
    expect(actions).toEqual([
      [0, 'run'],
      [2, 'run'],
      [3, 'none'],
      [5, 'jump'],
      [6, 'none'],
    ]);
  });

  it('maps joint visibility to occluded/outside on the skeleton points', () => {
    expect(xml).toContain('<points label="nose" keyframe="1" outside="0" occluded="0" points="40,50">');
    expect(xml).toContain('<points label="left_shoulder" keyframe="1" outside="0" occluded="1" points="50,50">');
    expect(xml).toContain('<points label="left_eye" keyframe="1" outside="1" occluded="0" points="0,0">');
  });

  it('reads its own file back: boxes, keypoints and the action segments at frame boundaries', () => {
    const back = FORMATS['cvat-video'].decode(xml, video).tracks;
    expect(back.map((t) => t.detections.map((d) => d.frame))).toEqual([
      [0, 2, 5],
      [3, 4],
    ]);
    expect(back[0].segments).toEqual([
      { actionClass: 'run', startTime: 0, endTime: 0.3 },
      { actionClass: 'jump', startTime: 0.5, endTime: 0.6 },
    ]);
    expect(back[0].detections[0].keypoints!.slice(15, 18)).toEqual([0.25, 0.5, 0.1]);
  });

  it('reads a file made by CVAT: keyframe="0" frames are interpolated between keyframes, their values ignored', () => {
    const v: FormatVideo = { ...video, totalFrames: 8, frameStride: 1 };
    const [person, solo] = FORMATS['cvat-video'].decode(fixture('cvat-made-interpolated.xml'), v).tracks;
    expect(person.trackId).toBe(4);
    expect(person.detections.map((d) => [d.frame, d.x1, d.x2])).toEqual([
      [0, 0.1, 0.3],
      [1, 0.15, 0.35],
      [2, 0.2, 0.4],
      [3, 0.25, 0.45],
      [4, 0.3, 0.5],
    ]);
    // skeleton tracks are read through their elements: the nose is interpolated too, occluded at frame 4
    expect(person.detections.map((d) => d.keypoints!.slice(0, 3))).toEqual([
      [0.15, 0.2, 1],
      [0.2, 0.2, 1],
      [0.25, 0.2, 1],
      [0.3, 0.2, 1],
      [0.35, 0.2, 0.1],
    ]);
    expect(person.segments).toEqual([
      { actionClass: 'run', startTime: 0, endTime: 0.4 },
      { actionClass: 'jump', startTime: 0.4, endTime: 0.5 },
    ]);
    // a track without group is a person of its own; a last keyframe that is not outside lasts to the end
    expect(solo.trackId).toBe(5);
    expect(solo.detections.map((d) => d.frame)).toEqual([6, 7]);
  });
});

describe('CVAT for video 1.1: keyframes far past the video', () => {
  const far =
    '<annotations><track id="0" label="person" group_id="1">' +
    '<box frame="0" keyframe="1" outside="0" xtl="0" ytl="0" xbr="20" ybr="10"/>' +
    '<box frame="3000000" keyframe="1" outside="0" xtl="100" ytl="0" xbr="120" ybr="10"/>' +
    '<box frame="3000001" keyframe="1" outside="1" xtl="100" ytl="0" xbr="120" ybr="10"/></track></annotations>';

  it("fills only up to the video's last frame and counts the keyframe past it once", () => {
    const {
      tracks: [t],
      warnings,
    } = FORMATS['cvat-video'].decode(far, { ...video, frameStride: 1 });
    expect(t.detections.map((d) => d.frame)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(warnings).toEqual(["1 shape(s) after the video's last frame were left out"]);
  });

  it('without a known frame count stores only the frames the file names', () => {
    const {
      tracks: [t],
    } = FORMATS['cvat-video'].decode(far, { ...video, totalFrames: 0, frameStride: 1 });
    expect(t.detections.map((d) => d.frame)).toEqual([0, 3000000]);
  });
});

describe('PoseTrack 2018', () => {
  const doc = JSON.parse(FORMATS.posetrack18.encode(video, tracks));

  it('names the joints as PoseTrack 2018 does: head_bottom and head_top where COCO has the eyes, every landmark poseval looks up present', () => {
    const names: string[] = doc.categories[0].keypoints;
    expect(names).toEqual(['nose', 'head_bottom', 'head_top', ...COCO_KEYPOINTS.slice(3)]);
    for (const n of [
      'right_ankle',
      'right_knee',
      'right_hip',
      'left_hip',
      'left_knee',
      'left_ankle',
      'right_wrist',
      'right_elbow',
      'right_shoulder',
      'left_shoulder',
      'left_elbow',
      'left_wrist',
      'head_bottom',
      'nose',
      'head_top',
    ]) {
      expect(names).toContain(n);
    }
    expect(doc.categories).toHaveLength(1);
    expect(doc.categories[0]).toMatchObject({ id: 1, name: 'person' });
  });

  it('drops the eyes and marks head_bottom and head_top not labelled; v is 2 visible, 1 hidden', () => {
    const first = doc.annotations[0];
    expect(first.keypoints.slice(0, 9)).toEqual([40, 50, 2, 0, 0, 0, 0, 0, 0]);
    expect(first.keypoints.slice(15, 18)).toEqual([50, 50, 1]);
    expect(first.num_keypoints).toBe(2);
  });

  it('numbers images as PoseTrack 2018: id = frame_id = 1SSSSSSFFFF from the folder <video>_mpii_test and the frame', () => {
    expect(doc.images).toHaveLength(8);
    expect(doc.images[3]).toMatchObject({
      id: 10000420003,
      frame_id: 10000420003,
      vid_id: '000042',
      nframes: 8,
      file_name: 'images/val/000042_mpii_test/000003.jpg',
    });
    // poseval: folder "<6 digits>_<mpii|bonn|mpiinew>…", frame from the file name, below 10000
    for (const img of doc.images) {
      const [dir, file] = img.file_name.split('/').slice(-2);
      const [seq, type] = dir.split('_');
      expect(img.id).toBe(
        { mpii: 1, bonn: 2, mpiinew: 3 }[type as 'mpii']! * 1e10 + Number(seq) * 1e4 + Number(file.split('.')[0]),
      );
    }
    expect(new Set(doc.annotations.map((a: { id: number }) => a.id)).size).toBe(doc.annotations.length);
    expect(
      doc.annotations.every(
        (a: { image_id: number; track_id: number }) =>
          doc.images.some((i: { id: number }) => i.id === a.image_id) && Number.isInteger(a.track_id),
      ),
    ).toBe(true);
  });
});

describe('COCO keypoints', () => {
  const doc = JSON.parse(FORMATS['coco-keypoints'].encode(video, tracks));

  it('has the COCO person category, unique image and annotation ids, and the fields pycocotools evaluates', () => {
    expect(doc.categories).toEqual([
      expect.objectContaining({ id: 1, name: 'person', keypoints: [...COCO_KEYPOINTS] }),
    ]);
    const imageIds = doc.images.map((i: { id: number }) => i.id);
    expect(new Set(imageIds).size).toBe(8);
    const annIds = doc.annotations.map((a: { id: number }) => a.id);
    expect(new Set(annIds).size).toBe(annIds.length);
    for (const a of doc.annotations) {
      expect(imageIds).toContain(a.image_id);
      expect(a).toMatchObject({ category_id: 1, iscrowd: 0 });
      expect(a.keypoints).toHaveLength(51);
      expect(a.num_keypoints).toBe(
        a.keypoints.filter((_: number, j: number) => j % 3 === 2 && a.keypoints[j] > 0).length,
      );
      expect(a.area).toBeCloseTo(a.bbox[2] * a.bbox[3], 6);
      expect(a.area).toBeGreaterThan(0);
      expect(Number.isInteger(a.track_id)).toBe(true);
    }
    expect(doc.annotations[0].keypoints.slice(0, 6)).toEqual([40, 50, 2, 0, 0, 0]);
  });
});

describe('round trips: export → import → export is identical', () => {
  it.each([...FORMAT_NAMES])('%s', (name) => {
    const once = FORMATS[name].encode(video, tracks);
    const again = FORMATS[name].encode(video, FORMATS[name].decode(once, video).tracks);
    expect(again).toBe(once);
  });
});
