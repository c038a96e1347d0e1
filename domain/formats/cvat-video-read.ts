// Reading CVAT for video 1.1 XML as CVAT's own importer does (see cvat-keyframes.ts for its rules): only
// keyframes count, the frames between them are interpolated (the values CVAT wrote for its keyframe="0"
// frames are not read), outside keyframes end the object, skeleton tracks are read through their
// elements (each point a track of keyframes of its own), and the `action` attribute of the person's
// boxes becomes action segments. Tracks of one group_id are one person; a track without is a person of
// its own, numbered after the highest group.
import { XMLParser } from 'fast-xml-parser';
import { COCO_KEYPOINTS } from '../constants';
import { attributeRuns, byFrame, framesToStore, shapeAt, type Keyframe } from './cvat-keyframes';
import { NO_ACTION } from './cvat-video';
import {
  FormatError,
  IMPORTED_HIDDEN_SCORE,
  IMPORTED_VISIBLE_SCORE,
  TrackCollector,
  boxOfKeypoints,
  type DecodedFile,
  type FormatSegment,
  type FormatVideo,
} from './model';

type Attrs = Record<string, string | undefined>;
interface XmlAttribute {
  name?: string;
  '#text'?: string;
}
type XmlShape = Attrs & { attribute?: XmlAttribute[] };
type XmlSkeleton = Attrs & { points?: Attrs[] };
interface XmlTrack {
  id?: string;
  group_id?: string;
  source?: string;
  box?: XmlShape[];
  skeleton?: XmlSkeleton[];
}
interface XmlTask {
  original_size?: { width?: string; height?: string };
  stop_frame?: string;
}

const num = (v: string | undefined, where: string, name: string): number => {
  const n = Number(v);
  if (v === undefined || v === '' || !Number.isFinite(n)) throw new FormatError(`${where}: ${name} must be a number`);
  return n;
};
/** CVAT requires `keyframe` on track shapes; a hand-written file without it means every shape is one. */
const isKey = (s: Attrs) => s.keyframe === undefined || s.keyframe === '1';
const lerp = (a: number[], b: number[], t: number) => a.map((v, i) => v + (b[i] - v) * t);
const frameOf = (s: Attrs, where: string) => {
  const f = num(s.frame, where, 'frame');
  if (!Number.isInteger(f) || f < 0) throw new FormatError(`${where}: frame must be an integer from 0`);
  return f;
};

/** A track's keyframes by frame, refusing two on one frame; `listed` gets every frame the file names. */
function keyframes<S extends Attrs, T>(
  shapes: S[],
  where: string,
  listed: Set<number>,
  value: (s: S, frame: number) => T,
  isOutside = (s: S) => s.outside === '1',
): Array<Keyframe<T> & { shape: S }> {
  const keys: Array<Keyframe<T> & { shape: S }> = [];
  const seen = new Set<number>();
  for (const s of shapes) {
    const frame = frameOf(s, where);
    listed.add(frame);
    if (!isKey(s)) continue;
    if (seen.has(frame)) throw new FormatError(`${where}: two keyframes on frame ${frame}`);
    seen.add(frame);
    keys.push({ frame, outside: isOutside(s), value: value(s, frame), shape: s });
  }
  return byFrame(keys);
}

export function decodeCvatVideo(text: string, video: FormatVideo): DecodedFile {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    isArray: (name, _path, _leaf, isAttribute) =>
      !isAttribute && ['track', 'box', 'skeleton', 'points', 'label', 'attribute'].includes(name),
  });
  let doc: { annotations?: { meta?: { task?: XmlTask; job?: XmlTask }; track?: XmlTrack[] } };
  // entity declarations could expand without bound; interchange files never need them
  if (/<!DOCTYPE/i.test(text)) throw new FormatError('A CVAT file must not declare a DOCTYPE');
  try {
    doc = parser.parse(text, true);
  } catch (e) {
    throw new FormatError(`Not XML: ${(e as Error).message}`);
  }
  const root = doc.annotations;
  if (!root || typeof root !== 'object') throw new FormatError('A CVAT file has an <annotations> root');
  const task = root.meta?.task ?? root.meta?.job;
  const size = task?.original_size;
  const width = size?.width ? num(size.width, '<original_size>', 'width') : video.width;
  const height = size?.height ? num(size.height, '<original_size>', 'height') : video.height;
  // CVAT shows a track whose last keyframe is not outside up to the task's last frame
  const stop =
    task?.stop_frame !== undefined && task.stop_frame !== ''
      ? num(task.stop_frame, '<stop_frame>', 'stop_frame')
      : null;
  const last =
    video.totalFrames > 0 ? (stop === null ? video.totalFrames - 1 : Math.min(stop, video.totalFrames - 1)) : stop;
  const stride = Math.max(1, video.frameStride);
  const fps = video.fps > 0 ? video.fps : 30;
  const limit = video.totalFrames > 0 ? video.totalFrames : null;
  /** Inside keyframes past the video's end: counted for the warning, never stored. */
  const pastEnd = (keys: Array<Keyframe<unknown>>) =>
    limit === null ? 0 : keys.filter((k) => !k.outside && k.frame >= limit).length;

  const boxes = new TrackCollector();
  const poses = new Map<string, { flat: number[]; visibility: number[]; human: boolean }>(); // `${person}:${frame}` → keypoints
  const segments = new Map<number, FormatSegment[]>();
  const warnings: string[] = [];
  let beyond = 0;
  const tracks = root.track ?? [];
  let highestGroup = 0;
  for (const t of tracks) highestGroup = Math.max(highestGroup, Number(t.group_id) || 0);
  let nextFree = highestGroup + 1;
  const personOfGroup = new Map<string, number>();
  for (const [i, t] of tracks.entries()) {
    const where = `<track id="${t.id ?? i}">`;
    const group = t.group_id && Number(t.group_id) > 0 ? t.group_id : `solo-${i}`;
    let person = personOfGroup.get(group);
    if (person === undefined)
      personOfGroup.set(group, (person = group.startsWith('solo-') ? nextFree++ : Number(group)));
    const shapes = [...(t.box ?? []), ...(t.skeleton ?? [])];
    if (shapes.length && !shapes.some(isKey)) {
      warnings.push(`${where} has no keyframe and was left out (CVAT refuses such a track too)`);
      continue;
    }

    const listed = new Set<number>();
    const boxKeys = keyframes(t.box ?? [], where, listed, (b, frame) => {
      const [x1, y1, x2, y2] = ['xtl', 'ytl', 'xbr', 'ybr'].map((k) => num(b[k], `${where} frame ${frame}`, k));
      if (x2 < x1 || y2 < y1)
        throw new FormatError(`${where} frame ${frame}: xbr/ybr must not be left of/above xtl/ytl`);
      return [x1, y1, x2, y2];
    });
    // CVAT marks a track its automatic annotation made as source="auto"
    const human = t.source !== 'auto';
    beyond += pastEnd(boxKeys);
    for (const frame of framesToStore(boxKeys, listed, stride, last, limit)) {
      // interpolated in pixels as CVAT does, then turned into fractions of the frame
      const [x1, y1, x2, y2] = shapeAt(boxKeys, frame, last, lerp)!;
      boxes.add(
        person,
        {
          frame,
          x1: x1 / width,
          y1: y1 / height,
          x2: x2 / width,
          y2: y2 / height,
          confidence: 1,
          keypoints: null,
          human,
        },
        where,
      );
    }
    const actionKeys = boxKeys.map((k) => {
      const a = k.shape.attribute?.find((x) => x.name === 'action')?.['#text']?.trim();
      return { frame: k.frame, outside: k.outside, attr: a && a !== NO_ACTION ? a : null };
    });
    for (const run of attributeRuns(actionKeys, last)) {
      const list = segments.get(person) ?? [];
      list.push({
        actionClass: run.value,
        startTime: run.start / fps,
        endTime: (video.totalFrames > 0 ? Math.min(run.end, video.totalFrames) : run.end) / fps,
      });
      segments.set(person, list);
    }

    const skeletonListed = new Set<number>();
    // CVAT writes a skeleton without `outside`: it is outside when all its points are
    const skeletonKeys = keyframes(
      t.skeleton ?? [],
      where,
      skeletonListed,
      () => null,
      (s) => s.outside === '1' || (!!s.points?.length && s.points.every((p) => p.outside === '1')),
    );
    if (!skeletonKeys.length) continue;
    const elements = new Map<number, Array<Keyframe<number[]>>>();
    for (const s of t.skeleton ?? []) {
      const frame = frameOf(s, where);
      for (const p of s.points ?? []) {
        const k = COCO_KEYPOINTS.indexOf(p.label as (typeof COCO_KEYPOINTS)[number]);
        if (k < 0) throw new FormatError(`${where} frame ${frame}: unknown keypoint '${p.label}'`);
        if (!isKey(p)) continue;
        const outside = p.outside === '1';
        const [x, y] = String(p.points ?? '')
          .split(',')
          .map(Number);
        if (!outside && (!Number.isFinite(x) || !Number.isFinite(y)))
          throw new FormatError(`${where} frame ${frame}: points of '${p.label}' must be "x,y"`);
        const list = elements.get(k) ?? [];
        if (list.some((e) => e.frame === frame))
          throw new FormatError(`${where} frame ${frame}: two '${p.label}' points`);
        const occluded = p.occluded === '1';
        list.push({
          frame,
          outside,
          value: [x, y, occluded ? IMPORTED_HIDDEN_SCORE : IMPORTED_VISIBLE_SCORE, occluded ? 1 : 0],
        });
        elements.set(k, list);
      }
    }
    for (const [k, list] of elements) elements.set(k, byFrame(list));
    // occluded is held from the point's keyframe before, as CVAT copies it
    // (an outside point may have no position: the point then stays where it was)
    const movePoint = (a: number[], b: number[], u: number) =>
      Number.isFinite(b[0]) && Number.isFinite(b[1])
        ? [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u, a[2], a[3]]
        : a;
    beyond += pastEnd(skeletonKeys);
    for (const frame of framesToStore(skeletonKeys, skeletonListed, stride, last, limit)) {
      const flat = Array<number>(51).fill(NaN);
      // an outside point (or one never placed) is absent, an occluded one occluded
      const visibility = Array<number>(17).fill(0);
      for (const [k, list] of elements) {
        const p = shapeAt(list, frame, last, movePoint);
        if (p) {
          flat.splice(k * 3, 3, p[0] / width, p[1] / height, p[2]);
          visibility[k] = p[3] ? 1 : 2;
        }
      }
      if (flat.some(Number.isFinite)) poses.set(`${person}:${frame}`, { flat, visibility, human });
    }
  }
  // a pose joins the person's box of its frame; a pose with no box gets the box of its keypoints
  for (const [key, { flat, visibility, human }] of poses) {
    const [person, frame] = key.split(':').map(Number);
    const d = boxes.get(person, frame);
    if (d) {
      d.keypoints = flat;
      d.visibility = visibility;
      continue;
    }
    boxes.add(
      person,
      { frame, ...boxOfKeypoints(flat)!, confidence: 1, keypoints: flat, visibility, human },
      `pose of person ${person}`,
    );
  }
  if (beyond) warnings.push(`${beyond} shape(s) after the video's last frame were left out`);
  const out = boxes.tracks().map((t) => ({ ...t, segments: segments.get(t.trackId) ?? [] }));
  // a person with actions but no box still carries them, on a track of its own id
  for (const person of segments.keys())
    if (!out.some((t) => t.trackId === person))
      warnings.push(`Actions of person ${person} were left out: the person has no box`);
  return { tracks: out, warnings };
}
