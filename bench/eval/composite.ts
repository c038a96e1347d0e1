// The action fixture: crops of labelled people from the photos, moved (and turned) over a plain
// background by ffmpeg overlay/rotate expressions, so that whole-body motion — travelling across the
// frame, rising and dropping back, tipping over to lying — is seen, with exact ground truth: each
// actor's labels go through the crop, scale, rotation and position of that frame, and a person hidden
// by an actor drawn over them or by the frame edge for more than half of their box is "don't care".
// An actor may instead be a labelled thing that is not a person (a heap of clothes, a glass): its box is
// not ground truth to find but counted when the model boxes it (`compositeObjects`).
import type { ActionClass } from '../../domain/constants';
import { cameraRateArgs, type CameraEncoding } from './camera-encoding';
import { applyRotation, type ClipOutput } from './clip-recipe';
import { keypointArray as labelKeypoints, type LabelledPerson, type PhotoLabels } from './labels';
import type { GtKeypoint, GtPerson } from './metrics';

/** Where the actor's crop centre is at time t (clip pixels), and its clockwise turn in degrees. */
export interface ActorKey {
  t: number;
  cx: number;
  cy: number;
  angle?: number;
}
/** What an actor's motion shows from..to (s); `class` when it is one the proposals should find. */
export interface ExpectedAction {
  action: string;
  from: number;
  to: number;
  class?: ActionClass;
}
/** A thing that is not a person, labelled by hand: what it is and its extent in photo pixels. */
export interface LabelledObject {
  what: string;
  box: [number, number, number, number];
}
export interface Actor {
  photo: string;
  /** Label id of the person in the photo (absent for a thing). */
  person?: string;
  /** The non-person this actor is, instead of a person. */
  object?: LabelledObject;
  /** [x1, y1, x2, y2] photo pixels cut out and moved. */
  crop: [number, number, number, number];
  scale: number;
  keys: ActorKey[];
  /** What the motion shows, for reading the proposals against. */
  shows: ExpectedAction[];
}
export interface CompositeRecipe {
  kind: 'composite';
  name: string;
  duration: number;
  note?: string;
  background: string;
  actors: Actor[];
  /** Size and rate of this clip when not the eval's common output. */
  output?: ClipOutput;
  /** Encoded at this average bitrate (kbit/s) and keyframe interval (frames), as a camera streams, instead of at quality 20. */
  camera?: CameraEncoding;
}

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toPrecision(17));

export interface ActorGeometry {
  w: number;
  h: number;
  rotates: boolean;
  d: number;
}

export function actorGeometry(a: Actor): ActorGeometry {
  const w = even((a.crop[2] - a.crop[0]) * a.scale),
    h = even((a.crop[3] - a.crop[1]) * a.scale);
  return { w, h, rotates: a.keys.some((k) => (k.angle ?? 0) !== 0), d: even(Math.hypot(w, h) + 2) };
}

/** Value at frame n of a quantity linear between keys, in the same order of operations as `linearExpr`. */
function linearAt(keys: ActorKey[], fps: number, n: number, value: (k: ActorKey) => number): number {
  for (let i = 1; i < keys.length; i++) {
    const fa = keys[i - 1].t * fps,
      fb = keys[i].t * fps;
    if (n <= fb) {
      const va = value(keys[i - 1]);
      return fb === fa ? va : va + ((value(keys[i]) - va) * (n - fa)) / (fb - fa);
    }
  }
  return value(keys[keys.length - 1]);
}

/**
 * ffmpeg expression for linearAt. The frame number is taken from the frame's time: overlay's own `n`
 * counts from 1 in its expressions (ffmpeg 4.1 and 5.1 alike), the time does not.
 */
function linearExpr(keys: ActorKey[], fps: number, value: (k: ActorKey) => number): string {
  const n = `round(t*${fps})`;
  let expr = num(value(keys[keys.length - 1]));
  for (let i = keys.length - 1; i >= 1; i--) {
    const fa = keys[i - 1].t * fps,
      fb = keys[i].t * fps,
      va = value(keys[i - 1]);
    const seg = fb === fa ? num(va) : `(${num(va)}+(${num(value(keys[i]) - va)})*(${n}-${num(fa)})/${num(fb - fa)})`;
    expr = `if(lte(${n},${num(fb)}),${seg},${expr})`;
  }
  return expr;
}

const radians = (k: ActorKey) => ((k.angle ?? 0) * Math.PI) / 180;

/** The overlay's top-left corner: ffmpeg truncates the expression's value (rgb overlay: no chroma rounding). */
function cornerValue(g: ActorGeometry, axis: 'x' | 'y') {
  const half = g.rotates ? g.d / 2 : (axis === 'x' ? g.w : g.h) / 2;
  return (k: ActorKey) => (axis === 'x' ? k.cx : k.cy) - half;
}

export interface ActorPose {
  x: number;
  y: number;
  angle: number;
}

export function actorPoseAt(a: Actor, out: ClipOutput, n: number): ActorPose {
  const g = actorGeometry(a);
  return {
    x: Math.trunc(linearAt(a.keys, out.fps, n, cornerValue(g, 'x'))),
    y: Math.trunc(linearAt(a.keys, out.fps, n, cornerValue(g, 'y'))),
    angle: g.rotates ? linearAt(a.keys, out.fps, n, radians) : 0,
  };
}

/** Photo point → clip point for actor `a` at frame n. */
export function actorMap(a: Actor, out: ClipOutput, n: number): (x: number, y: number) => [number, number] {
  const g = actorGeometry(a),
    p = actorPoseAt(a, out, n);
  const sx = g.w / (a.crop[2] - a.crop[0]),
    sy = g.h / (a.crop[3] - a.crop[1]);
  return (x, y) => {
    const lx = (x - a.crop[0]) * sx,
      ly = (y - a.crop[1]) * sy;
    if (!g.rotates) return [lx + p.x, ly + p.y];
    const [rx, ry] = applyRotation(p.angle, lx - g.w / 2, ly - g.h / 2);
    return [rx + g.d / 2 + p.x, ry + g.d / 2 + p.y];
  };
}

/** Whether clip point (x, y) is covered by actor `a`'s (turned) crop at frame n. */
export function covers(a: Actor, out: ClipOutput, n: number, x: number, y: number): boolean {
  const g = actorGeometry(a),
    p = actorPoseAt(a, out, n);
  if (!g.rotates) return x >= p.x && x < p.x + g.w && y >= p.y && y < p.y + g.h;
  const [lx, ly] = applyRotation(-p.angle, x - p.x - g.d / 2, y - p.y - g.d / 2);
  return Math.abs(lx) <= g.w / 2 && Math.abs(ly) <= g.h / 2;
}

export function compositeFilter(r: CompositeRecipe, out: ClipOutput): string {
  const parts: string[] = [];
  let base = '[0:v]';
  r.actors.forEach((a, i) => {
    const g = actorGeometry(a);
    const [x1, y1, x2, y2] = a.crop;
    // each actor input is the photo looped as a 30 fps stream (-loop 1): the loop filter instead would save
    // decoding but its repeated frames fall out of step with the background by a frame
    let chain = `[${i + 1}:v]crop=${x2 - x1}:${y2 - y1}:${x1}:${y1},scale=${g.w}:${g.h}:flags=bicubic,format=rgba`;
    if (g.rotates) chain += `,rotate=a='${linearExpr(a.keys, out.fps, radians)}':ow=${g.d}:oh=${g.d}:c=black@0`;
    parts.push(`${chain}[a${i}]`);
    const next = `[b${i}]`;
    parts.push(
      `${base}[a${i}]overlay=x='${linearExpr(a.keys, out.fps, cornerValue(g, 'x'))}':y='${linearExpr(a.keys, out.fps, cornerValue(g, 'y'))}':format=rgb:eof_action=repeat${next}`,
    );
    base = next;
  });
  parts.push(`${base}format=yuv420p[out]`);
  return parts.join(';');
}

/** ffmpeg arguments before the output file; `photoFile` gives each actor's photo path. */
export function compositeArgs(r: CompositeRecipe, out: ClipOutput, photoFile: (photo: string) => string): string[] {
  const frames = Math.round(r.duration * out.fps);
  return [
    '-f',
    'lavfi',
    '-i',
    `color=c=${r.background}:s=${out.width}x${out.height}:r=${out.fps}:d=${r.duration}`,
    ...r.actors.flatMap((a) => [
      '-loop',
      '1',
      '-framerate',
      String(out.fps),
      '-t',
      String(r.duration),
      '-i',
      photoFile(a.photo),
    ]),
    '-filter_complex',
    compositeFilter(r, out),
    '-map',
    '[out]',
    '-frames:v',
    String(frames),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    ...(r.camera ? cameraRateArgs(r.camera) : ['-crf', '20']),
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(r.camera?.gop ?? 30),
    '-movflags',
    '+faststart',
  ];
}

/** Share of the person's box that is in the frame and not under an actor drawn later, sampled on a grid. */
function visibleShare(r: CompositeRecipe, i: number, person: LabelledPerson, out: ClipOutput, n: number): number {
  const map = actorMap(r.actors[i], out, n);
  const [x1, y1, x2, y2] = person.box;
  let seen = 0,
    total = 0;
  for (let u = 0.5; u < 16; u++) {
    for (let v = 0.5; v < 24; v++) {
      const [x, y] = map(x1 + ((x2 - x1) * u) / 16, y1 + ((y2 - y1) * v) / 24);
      total++;
      if (x < 0 || y < 0 || x >= out.width || y >= out.height) continue;
      if (r.actors.slice(i + 1).some((a) => covers(a, out, n, x, y))) continue;
      seen++;
    }
  }
  return seen / total;
}

export const MIN_VISIBLE = 0.5;

/** Ground truth of frame n: one person per actor (id = actor index + label id). */
export function compositeGroundTruth(
  r: CompositeRecipe,
  labels: (photo: string) => PhotoLabels,
  out: ClipOutput,
  n: number,
): GtPerson[] {
  const people: GtPerson[] = [];
  r.actors.forEach((a, i) => {
    if (a.object) return;
    const person = labels(a.photo).people.find((p) => p.id === a.person);
    if (!person) throw new Error(`${r.name}: ${a.photo} has no person ${a.person}`);
    const map = actorMap(a, out, n);
    const [bx1, by1, bx2, by2] = person.box;
    const corners = [map(bx1, by1), map(bx2, by1), map(bx1, by2), map(bx2, by2)];
    const box = {
      x1: Math.max(0, Math.min(...corners.map((c) => c[0]))),
      y1: Math.max(0, Math.min(...corners.map((c) => c[1]))),
      x2: Math.min(out.width, Math.max(...corners.map((c) => c[0]))),
      y2: Math.min(out.height, Math.max(...corners.map((c) => c[1]))),
    };
    if (box.x2 <= box.x1 || box.y2 <= box.y1) return;
    const keypoints: GtKeypoint[] = labelKeypoints(person).map((k) => {
      if (!k) return null;
      const [x, y] = map(k[0], k[1]);
      return x >= 0 && y >= 0 && x < out.width && y < out.height ? [x, y, k[2]] : null;
    });
    people.push({
      id: `${i}:${a.photo}/${a.person}`,
      box,
      keypoints,
      dontCare: visibleShare(r, i, person, out, n) < MIN_VISIBLE,
    });
  });
  return people;
}

/** The labelled non-people of frame n in clip pixels (clipped to the frame), id = actor index + what. */
export function compositeObjects(
  r: CompositeRecipe,
  out: ClipOutput,
  n: number,
): Array<{ id: string; box: { x1: number; y1: number; x2: number; y2: number } }> {
  return r.actors.flatMap((a, i) => {
    if (!a.object) return [];
    const map = actorMap(a, out, n);
    const [bx1, by1, bx2, by2] = a.object.box;
    const corners = [map(bx1, by1), map(bx2, by1), map(bx1, by2), map(bx2, by2)];
    const box = {
      x1: Math.max(0, Math.min(...corners.map((c) => c[0]))),
      y1: Math.max(0, Math.min(...corners.map((c) => c[1]))),
      x2: Math.min(out.width, Math.max(...corners.map((c) => c[0]))),
      y2: Math.min(out.height, Math.max(...corners.map((c) => c[1]))),
    };
    return box.x2 > box.x1 && box.y2 > box.y1 ? [{ id: `${i}:${a.object.what}`, box }] : [];
  });
}
