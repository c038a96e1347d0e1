// The eval path end to end on a 1-second (30-frame) labelled clip: the clip is built from its recipe with
// ffmpeg, the real pose model analyses it, and the table row and per-detection scores come out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMediaService } from '../../server/media/media-service';
import { ensureModel } from '../../server/processing/model-fetch';
import { PosePool } from '../../server/processing/pose-pool';
import type { PanZoomRecipe } from '../../bench/eval/clip-recipe';
import { buildClip, loadClips } from '../../bench/eval/fixtures';
import { evaluateClip, type ClipResult } from '../../bench/eval/run-eval';
import { formatTable, targetsLine } from '../../bench/eval/report';
import { TEST_MODELS_DIR } from '../processing/video-rows';

const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const { output } = loadClips();
// three seated people on a sofa, whole photo in view, a slight zoom
const recipe: PanZoomRecipe = {
  kind: 'panzoom',
  name: 'sofa-1s',
  photo: 'sample2',
  duration: 1,
  keys: [
    { t: 0, cx: 960, cy: 683, w: 2430 },
    { t: 1, cx: 980, cy: 690, w: 2200 },
  ],
};
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-eval-run-'));
let pool: PosePool;
let result: ClipResult;

beforeAll(async () => {
  pool = await PosePool.start(await ensureModel(TEST_MODELS_DIR), 1);
  const clip = await buildClip(media.ffmpegPath, recipe, output, cache);
  result = await evaluateClip(clip, media, pool, { pipeline_frame_stride: 1, yolo_imgsz: 1280, tracker_name: 'auto' });
}, 240_000);
afterAll(async () => {
  await pool?.close();
  fs.rmSync(cache, { recursive: true, force: true });
});

describe('eval:ai on a short labelled clip', () => {
  it('scores all 30 frames against the three labelled people', () => {
    expect(result.frames).toBe(30);
    expect(result.metrics.frames).toBe(30);
    expect(result.metrics.gtCount).toBe(90);
    expect(result.metrics.people).toBe(3);
  });

  it('finds people where the labels say they are (at least two of three on average)', () => {
    expect(result.metrics.tp).toBeGreaterThanOrEqual(60);
    expect(result.metrics.recall).toBeGreaterThanOrEqual(2 / 3);
    expect(result.metrics.oks).toBeGreaterThan(0);
  });

  it('prints a table row and target verdicts for the clip', () => {
    const table = formatTable([result]).split('\n');
    expect(table[0]).toMatch(
      /recall .* precision .* MOTA .* IDF1 .* OKS .* PCK@0\.2 .* tracks\/people .* frag\/people/,
    );
    expect(table[2]).toContain('sofa-1s');
    expect(targetsLine(result)).toMatch(
      /^sofa-1s: (met|NOT met) recall ≥ 0\.95; .*fragments = people; .*IDF1 ≥ 0\.9; .*real time$/,
    );
  });

  it('keeps one scored record per predicted box, matched ones with IoU ≥ 0.5', () => {
    const d = result.metrics.detections;
    expect(d).toHaveLength(result.analysis.detections.length);
    expect(d.filter((x) => x.matched)).toHaveLength(result.metrics.tp);
    for (const x of d.filter((r) => r.matched)) expect(x.iou).toBeGreaterThanOrEqual(0.5);
  });
});
