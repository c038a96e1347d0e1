// The composite street clip: eight small people (56–104 px tall) cut from the labelled photos walk across
// a 768×576 frame at 10 fps, all eight in view throughout; their paths cross seven times, at different
// moments (people pass in front of each other), and the clip is encoded at a modest constant bitrate with
// 2-second keyframe intervals, as a street camera streams it. Nearer people (lower in the frame) are larger and drawn over farther ones. Each walker
// bobs by 2 px every step (0.25 s); the crops are rigid, so limbs do not swing. Its recipe is made here
// rather than written out in clips.json: the walks are a few numbers, the keys many.
import { STREET_CAMERA } from './camera-encoding';
import { actorGeometry, type Actor, type CompositeRecipe } from './composite';

export const STREET_OUTPUT = { width: 768, height: 576, fps: 10 };
const DURATION = 12;
const STEP = 0.25;
const BOB = 2;

/** A walker: the person, and where their feet are (clip pixels) at each waypoint time (s). */
interface Walk {
  photo: string;
  person: string;
  crop: [number, number, number, number];
  /** Person height on screen, px. */
  height: number;
  path: Array<{ t: number; x: number; y: number }>;
}

const WALKS: Walk[] = [
  {
    photo: 'sample6',
    person: 'p1',
    crop: [138, 372, 665, 1537],
    height: 70,
    path: [
      { t: 0, x: 40, y: 250 },
      { t: 12, x: 700, y: 290 },
    ],
  },
  {
    photo: 'sample6',
    person: 'p2',
    crop: [605, 215, 1040, 1537],
    height: 78,
    path: [
      { t: 0, x: 600, y: 330 },
      { t: 12, x: 60, y: 300 },
    ],
  },
  // walks away from the camera, up the frame
  {
    photo: 'sample6',
    person: 'p3',
    crop: [975, 160, 1455, 1537],
    height: 96,
    path: [
      { t: 0, x: 100, y: 560 },
      { t: 12, x: 430, y: 300 },
    ],
  },
  // comes towards the camera, down the frame
  {
    photo: 'sample6',
    person: 'p4',
    crop: [1445, 160, 1805, 1537],
    height: 60,
    path: [
      { t: 0, x: 520, y: 200 },
      { t: 12, x: 330, y: 520 },
    ],
  },
  {
    photo: 'sample4',
    person: 'p1',
    crop: [50, 80, 625, 1448],
    height: 90,
    path: [
      { t: 0, x: 300, y: 440 },
      { t: 12, x: 760, y: 470 },
    ],
  },
  {
    photo: 'sample4',
    person: 'p2',
    crop: [590, 15, 970, 1448],
    height: 104,
    path: [
      { t: 0, x: 740, y: 540 },
      { t: 12, x: 250, y: 470 },
    ],
  },
  {
    photo: 'sample4',
    person: 'p3',
    crop: [900, 95, 1320, 1448],
    height: 58,
    // waits at the kerb for 3 s, then crosses down and to the left
    path: [
      { t: 0, x: 250, y: 200 },
      { t: 3, x: 250, y: 200 },
      { t: 12, x: 90, y: 480 },
    ],
  },
  {
    photo: 'sample4',
    person: 'p4',
    crop: [1250, 95, 1865, 1448],
    height: 56,
    path: [
      { t: 0, x: 700, y: 215 },
      { t: 12, x: 120, y: 235 },
    ],
  },
];

/** Feet position at time t along the waypoints (held after the last). */
function feetAt(path: Walk['path'], t: number): { x: number; y: number; moving: boolean } {
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1],
      b = path[i];
    if (t <= b.t) {
      const s = (t - a.t) / (b.t - a.t);
      return { x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s, moving: a.x !== b.x || a.y !== b.y };
    }
  }
  const last = path[path.length - 1];
  return { x: last.x, y: last.y, moving: false };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

function actorOf(w: Walk, heightScale = 1): Actor {
  const scale = (w.height * heightScale) / (w.crop[3] - w.crop[1]);
  const a: Actor = {
    photo: w.photo,
    person: w.person,
    crop: w.crop,
    scale,
    keys: [],
    shows: [{ action: 'walk (no class)', from: 0, to: DURATION }],
  };
  const h = actorGeometry(a).h;
  for (let k = 0; k * STEP <= DURATION + 1e-9; k++) {
    const t = k * STEP;
    const f = feetAt(w.path, t);
    // mid-stride (odd steps) the body is highest
    const bob = f.moving && k % 2 === 1 ? BOB : 0;
    a.keys.push({ t, cx: round1(f.x), cy: round1(f.y - h / 2 - bob) });
  }
  return a;
}

/** `heightScale`: every walker that much taller (below 1: farther from the camera) on the same paths. */
export function streetRecipe(heightScale = 1): CompositeRecipe {
  // farther people (feet higher in the frame on average) first, so nearer ones pass in front of them
  const meanY = (w: Walk) => w.path.reduce((a, p) => a + p.y, 0) / w.path.length;
  const actors = [...WALKS].sort((a, b) => meanY(a) - meanY(b)).map((w) => actorOf(w, heightScale));
  return {
    kind: 'composite',
    name: 'street-crossing',
    duration: DURATION,
    note: 'Street composite: eight small people (56–104 px) walking across each other at 10 fps, 768×576, H.264 at 400 kbit/s; rigid crops with a walking bob (bench/eval/street-clip.ts)',
    background: '0x6e6a64',
    actors,
    output: STREET_OUTPUT,
    camera: STREET_CAMERA,
  };
}
