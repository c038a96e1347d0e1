// Action proposals per track from keypoint motion. Each class is a rule over body kinematics
// (pose-features.ts) giving, per analysed frame, an evidence strength in 0..1; frames with evidence become
// segments. These are proposals for a human to verify: confidence = how far past the rule's threshold the
// motion went, times how well the keypoints were seen; 'cry' (hands at the face) and 'others' (unexplained
// motion) stay low because pose alone is weak evidence for them.
import type { ActionClass } from '../../domain/constants';
import { MIN_ACTION_LENGTH_S } from '../../domain/constants';
import { kinematics, type PoseSample } from './pose-features';
import { RULES, context } from './action-rules';
import { motionEnergy } from './motion-measures';

export interface SegmentProposal {
  actionClass: ActionClass;
  start: number;
  end: number;
  confidence: number;
}

/** Turns per-sample evidence into [start, end] runs, bridging gaps ≤ 0.3 s. */
function runs(t: number[], ev: number[]): Array<{ a: number; b: number; mean: number }> {
  const out: Array<{ a: number; b: number; mean: number }> = [];
  let cur: { a: number; b: number; sum: number; n: number } | null = null;
  ev.forEach((e, i) => {
    if (e <= 0) return;
    if (cur && t[i] - t[cur.b] <= 0.3) {
      cur.b = i;
      cur.sum += e;
      cur.n++;
      return;
    }
    if (cur) out.push({ a: cur.a, b: cur.b, mean: cur.sum / cur.n });
    cur = { a: i, b: i, sum: e, n: 1 };
  });
  if (cur) {
    const c = cur as { a: number; b: number; sum: number; n: number };
    out.push({ a: c.a, b: c.b, mean: c.sum / c.n });
  }
  return out;
}

/** Proposals for one track. `duration` bounds every segment; `frameTime` is one analysed step in seconds. */
export function proposeSegments(samples: PoseSample[], duration: number, frameTime: number): SegmentProposal[] {
  if (samples.length < 3 || duration < MIN_ACTION_LENGTH_S) return [];
  const k = kinematics(samples);
  const ctx = context(k);
  const out: SegmentProposal[] = [];
  const covered = new Array<boolean>(k.t.length).fill(false);
  const emit = (cls: ActionClass, a: number, b: number, strength: number, pad: number, maxConf: number) => {
    let start = Math.max(0, k.t[a] - pad),
      end = Math.min(duration, k.t[b] + frameTime + pad);
    if (end - start < MIN_ACTION_LENGTH_S) {
      end = Math.min(duration, start + MIN_ACTION_LENGTH_S);
      start = Math.max(0, end - MIN_ACTION_LENGTH_S);
    }
    const quality = Math.min(1, k.quality.slice(a, b + 1).reduce((s, q) => s + q, 0) / (b - a + 1) / 0.5);
    const confidence = Math.round(Math.min(maxConf, (0.3 + 0.6 * strength) * (0.5 + 0.5 * quality)) * 100) / 100;
    out.push({ actionClass: cls, start, end, confidence });
  };
  for (const rule of RULES) {
    const ev = k.t.map((_, i) => rule.evidence(k, i, ctx));
    for (const r of runs(k.t, ev)) {
      if (k.t[r.b] + frameTime - k.t[r.a] < rule.minDuration) continue;
      emit(rule.cls, r.a, r.b, r.mean, rule.pad, rule.maxConfidence);
      for (let i = r.a; i <= r.b; i++) covered[i] = true;
    }
  }
  const other = k.t.map((_, i) => (covered[i] ? 0 : motionEnergy(k, i)));
  for (const r of runs(k.t, other)) {
    if (k.t[r.b] + frameTime - k.t[r.a] >= 0.5) emit('others', r.a, r.b, r.mean, 0, 0.4);
  }
  return out.sort((x, y) => x.start - y.start);
}
