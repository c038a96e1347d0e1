// Crop tracking's detector pass over two frames at once (stacked top to bottom): each frame's people come
// back in that frame's own pixels, as the single-frame pass finds them, and a frame with nobody gets none.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMediaService } from '../../server/media/media-service';
import { ensurePeopleClip } from '../../server/services/sample-media';
import { analysisGeometry, decodeFrames } from '../../server/processing/frames';
import { ensureModel } from '../../server/processing/model-fetch';
import { PosePool } from '../../server/processing/pose-pool';
import { iou } from '../../server/processing/kalman';
import { TEST_MODELS_DIR } from './video-rows';

type Box = { x1: number; y1: number; x2: number; y2: number; score: number };
const boxes = (rows: Float32Array): Box[] => {
  const out: Box[] = [];
  for (let r = 0; r + 5 <= rows.length; r += 5)
    out.push({ x1: rows[r], y1: rows[r + 1], x2: rows[r + 2], y2: rows[r + 3], score: rows[r + 4] });
  return out.filter((b) => b.score >= 0.3);
};

describe('detector pass over two stacked frames (real model)', () => {
  it('finds the four people of the people clip on whichever frame they are, in its pixels, and nobody on a grey frame', async () => {
    const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
    const clip = await ensurePeopleClip(media.ffmpegPath, path.join(os.tmpdir(), 'vat-pose-tests-clip'));
    const g = analysisGeometry(1280, 720, 640);
    let rgb: Uint8Array | null = null;
    for await (const f of decodeFrames(media.ffmpegPath, clip, g, 30)) {
      rgb = f.rgb;
      break;
    }
    const content = rgb!.slice(0, g.inputW * g.scaledH * 3);
    const grey = new Uint8Array(content.length).fill(90);
    const pool = await PosePool.start(await ensureModel(TEST_MODELS_DIR), 1);
    try {
      const alone = boxes(await pool.detect(content.slice(), g.inputW, g.scaledH));
      expect(alone).toHaveLength(4);
      for (const order of [
        [content, grey],
        [grey, content],
      ]) {
        const found = (await pool.detectStacked(order, g.inputW, g.scaledH)).map(boxes);
        const people = found[order.indexOf(content)],
          nobody = found[order.indexOf(grey)];
        expect(nobody).toEqual([]);
        expect(people).toHaveLength(4);
        // each person is where the single-frame pass put them (the stacked frame is read at 0.89 × the size)
        for (const a of alone) expect(Math.max(...people.map((b) => iou(a, b)))).toBeGreaterThan(0.8);
      }
    } finally {
      await pool.close();
    }
  }, 180_000);
});
