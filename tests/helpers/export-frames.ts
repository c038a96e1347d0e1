// What each export holds, frame by frame: per frame, per track, the box in pixels and whether the file marks
// it filled in. CVAT for video is read as CVAT shows it: its keyframes, interpolated between (cvat-keyframes.ts).
// Shared by the API test and the e2e spec that compare the exports with the overlay.
import { XMLParser } from 'fast-xml-parser';
import { shapeAt, type Keyframe } from '../../domain/formats/cvat-keyframes';

export type Px = [number, number, number, number];
export interface HeldBox {
  box: Px;
  filled?: boolean;
}
/** frame → track → box. */
export type FramesHeld = Map<number, Map<number, HeldBox>>;

const put = (out: FramesHeld, frame: number, track: number, b: HeldBox) => {
  let m = out.get(frame);
  if (!m) out.set(frame, (m = new Map()));
  if (m.has(track)) throw new Error(`track ${track} twice on frame ${frame}`);
  m.set(track, b);
};

export function motFrames(text: string): FramesHeld {
  const out: FramesHeld = new Map();
  for (const line of text.trim().split('\n')) {
    const [f, id, x, y, w, h, conf] = line.split(',').map(Number);
    put(out, f - 1, id, { box: [x, y, x + w, y + h], filled: conf === -1 });
  }
  return out;
}

type JsonAnn = { image_id: number; track_id: number; bbox: number[]; filled_in?: boolean };
function jsonFrames(text: string, frameOf: (imageId: number) => number): FramesHeld {
  const out: FramesHeld = new Map();
  for (const a of (JSON.parse(text) as { annotations: JsonAnn[] }).annotations) {
    const [x, y, w, h] = a.bbox;
    put(out, frameOf(a.image_id), a.track_id, { box: [x, y, x + w, y + h], filled: a.filled_in });
  }
  return out;
}
export const cocoFrames = (text: string) => jsonFrames(text, (id) => id - 1);
export const poseTrackFrames = (text: string) => jsonFrames(text, (id) => id % 1e4);

/** The person boxes CVAT shows on frames 0 … n-1 of a CVAT for video file. */
export function cvatFrames(text: string, n: number): FramesHeld {
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['track', 'box'].includes(name),
  }).parse(text);
  const out: FramesHeld = new Map();
  for (const t of doc.annotations.track as Array<{
    label: string;
    group_id: string;
    box?: Array<Record<string, string>>;
  }>) {
    if (t.label !== 'person') continue;
    const keys: Array<Keyframe<Px>> = (t.box ?? [])
      .filter((b) => b.keyframe === '1')
      .map((b) => ({ frame: +b.frame, outside: b.outside === '1', value: [+b.xtl, +b.ytl, +b.xbr, +b.ybr] as Px }))
      .sort((a, b) => a.frame - b.frame);
    for (let f = 0; f < n; f++) {
      const box = shapeAt(keys, f, n - 1, (a, b, u) => a.map((v, i) => v + (b[i] - v) * u) as Px);
      if (box) put(out, f, Number(t.group_id), { box });
    }
  }
  return out;
}

/** Where two frame maps differ (boxes by more than `tol` pixels), at most 10 lines; [] when they agree. */
export function differences(expected: FramesHeld, actual: FramesHeld, n: number, tol = 0.02, marks = true): string[] {
  const out: string[] = [];
  for (let f = 0; f < n && out.length < 10; f++) {
    const e = expected.get(f) ?? new Map<number, HeldBox>();
    const a = actual.get(f) ?? new Map<number, HeldBox>();
    for (const id of new Set([...e.keys(), ...a.keys()])) {
      const x = e.get(id),
        y = a.get(id);
      if (!x || !y) out.push(`frame ${f} track ${id}: ${x ? 'drawn, not in the file' : 'in the file, not drawn'}`);
      else if (x.box.some((v, i) => Math.abs(v - y.box[i]) > tol))
        out.push(`frame ${f} track ${id}: drawn ${x.box.join(',')}, file ${y.box.join(',')}`);
      else if (marks && y.filled !== undefined && !!x.filled !== y.filled)
        out.push(`frame ${f} track ${id}: ${x.filled ? 'filled in' : 'stored'}, the file says otherwise`);
    }
  }
  return out;
}
