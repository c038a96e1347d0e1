// One synthetic keypoint sequence per action class (and two with no action), at 30 analysed frames/s.
import type { ActionClass } from '../../domain/constants';
import { J, sequence, type Pose } from './synthetic-pose';

const bump = (t: number, a: number, b: number) => (t <= a || t >= b ? 0 : Math.sin((Math.PI * (t - a)) / (b - a)));
const lerp = (t: number, a: number, b: number) => Math.max(0, Math.min(1, (t - a) / (b - a)));
const base = { x: 400, y: 400, scale: 100 };

export interface Scenario {
  name: string;
  expect: ActionClass | null;
  window: [number, number];
  seconds: number;
  at: (t: number) => Pose;
}

export const SCENARIOS: Scenario[] = [
  { name: 'standing still', expect: null, window: [0, 0], seconds: 4, at: () => base },
  {
    name: 'walking',
    expect: null,
    window: [0, 0],
    seconds: 4,
    at: (t) => {
      const step = 0.25 * Math.sin(2 * Math.PI * 1.8 * t);
      return {
        ...base,
        x: 100 + 250 * t,
        moves: { [J.lAnkle]: [step, 0], [J.rAnkle]: [-step, 0], [J.lKnee]: [step / 2, 0], [J.rKnee]: [-step / 2, 0] },
      };
    },
  },
  {
    name: 'running',
    expect: 'run',
    window: [1, 3],
    seconds: 4,
    at: (t) => {
      const x = t < 1 ? 100 : t < 3 ? 100 + 700 * (t - 1) : 1500;
      const running = t >= 1 && t < 3;
      const stride = running ? 0.6 * Math.sin(2 * Math.PI * 3 * t) : 0;
      return {
        ...base,
        x,
        moves: {
          [J.lAnkle]: [stride, -Math.max(0, stride) * 0.5],
          [J.rAnkle]: [-stride, Math.min(0, stride) * 0.5],
          [J.lKnee]: [stride / 2, 0],
          [J.rKnee]: [-stride / 2, 0],
        },
      };
    },
  },
  {
    name: 'jumping',
    expect: 'jump',
    window: [1.5, 2.1],
    seconds: 4,
    at: (t) => ({ ...base, y: base.y - 90 * bump(t, 1.5, 2.1) }),
  },
  {
    name: 'falling',
    expect: 'fall',
    window: [1, 1.8],
    seconds: 3,
    at: (t) => ({ ...base, tilt: 90 * lerp(t, 1, 1.8), y: base.y + 80 * lerp(t, 1, 1.8) }),
  },
  {
    name: 'sitting',
    expect: 'sit',
    window: [0.5, 4],
    seconds: 4,
    at: (t) => {
      const s = lerp(t, 0, 0.5);
      return {
        ...base,
        moves: {
          [J.lKnee]: [-0.1 * s, -0.75 * s],
          [J.rKnee]: [0.1 * s, -0.75 * s],
          [J.lAnkle]: [-0.1 * s, -0.75 * s],
          [J.rAnkle]: [0.1 * s, -0.75 * s],
        },
      };
    },
  },
  { name: 'sleeping', expect: 'sleep', window: [0, 4], seconds: 4, at: () => ({ ...base, tilt: 88, y: 500 }) },
  {
    name: 'kicking',
    expect: 'kick',
    window: [1.5, 1.9],
    seconds: 3,
    at: (t) => {
      const k = bump(t, 1.5, 1.9);
      return { ...base, moves: { [J.rAnkle]: [0.8 * k, -1.5 * k], [J.rKnee]: [0.4 * k, -0.7 * k] } };
    },
  },
  {
    name: 'punching',
    expect: 'hit',
    window: [1.5, 1.7],
    seconds: 3,
    at: (t) => {
      const e = lerp(t, 1.5, 1.65) * (1 - lerp(t, 2.2, 2.6)); // guard → extended (fast), then back (slowly)
      return { ...base, moves: { [J.rWrist]: [-0.15 + 1.1 * e, -1.05], [J.rElbow]: [0.05 + 0.5 * e, -0.5] } };
    },
  },
  {
    name: 'throwing',
    expect: 'throw',
    window: [1.6, 1.8],
    seconds: 3,
    at: (t) => {
      const up = lerp(t, 1, 1.4),
        sweep = lerp(t, 1.6, 1.75);
      const wx = -0.15 * up + 0.3 * sweep,
        wy = -1.85 * up + 1.4 * sweep + 0.45 * lerp(t, 2, 2.8);
      return { ...base, moves: { [J.rWrist]: [wx, wy], [J.rElbow]: [wx / 2, wy / 2] } };
    },
  },
  {
    name: 'flapping',
    expect: 'flap',
    window: [1, 3],
    seconds: 4,
    at: (t) => {
      const on = t >= 1 && t < 3 ? 1 : 0;
      const y = -0.35 + 0.5 * Math.sin(2 * Math.PI * 3 * t) * on;
      return {
        ...base,
        moves: { [J.lWrist]: [-0.45, y], [J.rWrist]: [0.45, y], [J.lElbow]: [-0.2, y / 2], [J.rElbow]: [0.2, y / 2] },
      };
    },
  },
  {
    name: 'hands over the face',
    expect: 'cry',
    window: [0.5, 4],
    seconds: 4,
    at: (t) => {
      const s = lerp(t, 0, 0.5);
      return {
        ...base,
        moves: {
          [J.lWrist]: [0.35 * s, -1.3 * s],
          [J.rWrist]: [-0.35 * s, -1.3 * s],
          [J.lElbow]: [0.1 * s, -0.4 * s],
          [J.rElbow]: [-0.1 * s, -0.4 * s],
        },
      };
    },
  },
  {
    name: 'stomping in place',
    expect: 'others',
    window: [1, 3],
    seconds: 4,
    at: (t) => {
      const on = t >= 1 && t < 3 ? 1 : 0;
      const l = 0.6 * Math.max(0, Math.sin(2 * Math.PI * 2 * t)) * on,
        r = 0.6 * Math.max(0, -Math.sin(2 * Math.PI * 2 * t)) * on;
      return {
        ...base,
        moves: { [J.lAnkle]: [0, -l], [J.rAnkle]: [0, -r], [J.lKnee]: [0, -l / 2], [J.rKnee]: [0, -r / 2] },
      };
    },
  },
];

export const samplesOf = (s: Scenario, fps = 30) => sequence(s.seconds, fps, s.at);
