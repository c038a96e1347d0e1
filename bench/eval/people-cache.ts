// The models' answer on an eval clip (per analysed frame, the people found: pipeline.ts analyseFrames),
// cached in .cache/eval-people/ so that changes on the tracking side (track-people.ts and what it calls)
// can be scored in seconds instead of minutes of model time on a shared machine: `npm run eval:ai --
// --reuse-people`. The key holds the clip, the settings and a hash of every file of server/processing
// except those that only run after the models (TRACKING_SIDE), so a change on the models' side never
// reads an old answer.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FramePeople } from '../../server/processing/analysis-result';
import { recipeHash } from './clip-recipe';

export const PEOPLE_CACHE = path.resolve('.cache/eval-people');

/** Files of server/processing that run only on the models' answer (a change to them keeps the cache). */
const TRACKING_SIDE = new Set([
  'track-people.ts',
  'tracker.ts',
  'kalman.ts',
  'hungarian.ts',
  'relink-fragments.ts',
  'track-keep.ts',
  'track-smoother.ts',
  'body-box.ts',
  'static-track.ts',
  'segment-proposals.ts',
  'box-posture.ts',
  'action-rules.ts',
  'motion-measures.ts',
  'appearance.ts',
  'track-association.ts',
  'hidden-gaps.ts',
]);

function modelSideCode(): string {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/processing');
  const h = createHash('sha256');
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, f);
    if (!TRACKING_SIDE.has(f) && fs.statSync(file).isFile()) h.update(f).update(fs.readFileSync(file));
  }
  return h.digest('hex').slice(0, 12);
}

/** Taken once, when the run starts: a file edited while it runs must not file old answers under the new code. */
const MODEL_SIDE_CODE = modelSideCode();

export function peopleCacheFile(name: string, key: unknown): string {
  return path.join(PEOPLE_CACHE, `${name}-${recipeHash([key, MODEL_SIDE_CODE])}.json`);
}

export function readPeople(file: string): FramePeople | null {
  if (!fs.existsSync(file)) return null;
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as FramePeople;
  for (const ps of raw.people)
    for (const p of ps) p.appearance = Float32Array.from(p.appearance as unknown as number[]);
  return raw;
}

export function writePeople(file: string, found: FramePeople): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify(found, (_, v: unknown) => (v instanceof Float32Array ? Array.from(v) : v)),
  );
}
