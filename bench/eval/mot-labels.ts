// Hand-drawn labels of real footage in MOTChallenge form, committed under bench/eval/real-labels/<clip>/:
// gt.txt (frame,id,left,top,width,height,1,1,1 with frames from 1: one line per visible person per
// frame, the box around the whole visible extent), seqinfo.ini (frame rate, length, size and the
// footage's file and sha256), optionally still-things.txt (same line form, things that are not people but
// that a detector may take for one; MOT16's class 8, "distractor") and README.md (source, licence, how
// it was labelled). The footage itself is never committed: only these numbers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Box } from './metrics';

export const REAL_LABELS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'real-labels');

export interface SeqInfo {
  name: string;
  frameRate: number;
  seqLength: number;
  imWidth: number;
  imHeight: number;
  /** The footage file, relative to the footage directory. */
  source: string;
  sha256: string;
}
export interface MotLabel {
  /** 0-based frame. */
  frame: number;
  id: number;
  box: Box;
}
export interface MotLabels {
  info: SeqInfo;
  people: MotLabel[];
  stillThings: MotLabel[];
}

export function parseSeqInfo(text: string): SeqInfo {
  const kv = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Za-z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) kv.set(m[1], m[2]);
  }
  const num = (k: string) => {
    const v = Number(kv.get(k));
    if (!Number.isFinite(v) || v <= 0) throw new Error(`seqinfo.ini: ${k} must be a positive number`);
    return v;
  };
  const str = (k: string) => {
    const v = kv.get(k);
    if (!v) throw new Error(`seqinfo.ini: ${k} missing`);
    return v;
  };
  return {
    name: str('name'),
    frameRate: num('frameRate'),
    seqLength: num('seqLength'),
    imWidth: num('imWidth'),
    imHeight: num('imHeight'),
    source: str('source'),
    sha256: str('sha256'),
  };
}

/** Lines `frame,id,left,top,width,height,…` (frames from 1) → 0-based labels; blank lines skipped, anything else malformed throws. */
export function parseMotLines(text: string, what: string): MotLabel[] {
  const out: MotLabel[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const v = line.split(',').map(Number);
    if (v.length < 6 || v.some((x) => !Number.isFinite(x))) throw new Error(`${what} line ${i + 1}: not a MOT line`);
    const [frame, id, x, y, w, h] = v;
    out.push({ frame: frame - 1, id, box: { x1: x, y1: y, x2: x + w, y2: y + h } });
  });
  return out;
}

const centre = (b: Box) => [(b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2];

/** What is wrong with a clip's labels (empty when nothing): ids, frames and boxes against the clip. */
export function labelProblems(l: MotLabels): string[] {
  const problems: string[] = [];
  const { seqLength, imWidth, imHeight } = l.info;
  for (const [what, list] of [
    ['gt.txt', l.people],
    ['still-things.txt', l.stillThings],
  ] as const) {
    const seen = new Set<string>();
    const lastOf = new Map<number, MotLabel>();
    for (const l of [...list].sort((a, b) => a.frame - b.frame)) {
      const { frame, id, box } = l;
      const at = `${what} frame ${frame + 1} id ${id}`;
      if (!Number.isInteger(frame) || frame < 0 || frame >= seqLength) problems.push(`${at}: frame outside the clip`);
      if (!Number.isInteger(id) || id < 1) problems.push(`${at}: id must be a positive integer`);
      if (seen.has(`${frame}:${id}`)) problems.push(`${at}: two boxes for one id`);
      seen.add(`${frame}:${id}`);
      if (!(box.x2 > box.x1 && box.y2 > box.y1)) problems.push(`${at}: empty box`);
      if (box.x1 < 0 || box.y1 < 0 || box.x2 > imWidth || box.y2 > imHeight)
        problems.push(`${at}: box outside the frame`);
      // one id follows one person: from one frame to the next its box moves less than half its size, the
      // larger of the two (a person walking in close to the camera grows by half in a tenth of a second)
      const last = lastOf.get(id);
      if (last && last.frame === frame - 1) {
        const size = Math.max(last.box.x2 - last.box.x1, last.box.y2 - last.box.y1, box.x2 - box.x1, box.y2 - box.y1);
        const shift = Math.hypot(centre(box)[0] - centre(last.box)[0], centre(box)[1] - centre(last.box)[1]);
        if (shift > size / 2) problems.push(`${at}: box jumps ${shift.toFixed(0)} px from the frame before`);
      }
      lastOf.set(id, l);
    }
  }
  return problems;
}

export function readMotLabels(dir: string): MotLabels {
  const info = parseSeqInfo(fs.readFileSync(path.join(dir, 'seqinfo.ini'), 'utf8'));
  const people = parseMotLines(fs.readFileSync(path.join(dir, 'gt.txt'), 'utf8'), 'gt.txt');
  const still = path.join(dir, 'still-things.txt');
  const stillThings = fs.existsSync(still) ? parseMotLines(fs.readFileSync(still, 'utf8'), 'still-things.txt') : [];
  return { info, people, stillThings };
}

/** The labels of each 0-based frame. */
export function byFrame(list: MotLabel[]): Map<number, MotLabel[]> {
  const m = new Map<number, MotLabel[]>();
  for (const l of list) m.set(l.frame, [...(m.get(l.frame) ?? []), l]);
  return m;
}

/**
 * The source frames a clip resampled from `fromFps` to `toFps` shows: output frame k is the source frame
 * nearest its time k / toFps, over as many output frames as fit in the source's length.
 */
export function resampledFrames(length: number, fromFps: number, toFps: number): number[] {
  const out: number[] = [];
  for (let k = 0; ; k++) {
    const n = Math.round((k * fromFps) / toFps);
    if (n >= length) return out;
    out.push(n);
  }
}
