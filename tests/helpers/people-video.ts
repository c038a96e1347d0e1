// The sample library's people clip (1280×720, four real people, a slow pan) as a stored video, and the
// people the CenterNet detector finds on one of its frames, in fractions: the boxes the pose tests start from.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePeopleClip } from '../../server/services/sample-media';
import { ensureModel } from '../../server/processing/model-fetch';
import { PosePool } from '../../server/processing/pose-pool';
import { decodeFrameAt } from '../../server/services/assist/frame-seek';
import { insertVideo, TEST_MODELS_DIR } from '../processing/video-rows';
import type { TestApp } from './test-app';

export interface FoundPerson {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  score: number;
}

export async function addPeopleVideo(t: TestApp): Promise<{ id: number; file: string }> {
  // made once into a folder of these tests' own: the sample library's copy is re-made whenever another
  // checkout (whose photo path differs) asks for it, and may be half-written at any moment
  const made = await ensurePeopleClip(t.deps.media.ffmpegPath, path.join(os.tmpdir(), 'vat-pose-tests-clip'));
  const file = path.join(t.dataDir, path.basename(made));
  fs.copyFileSync(made, file);
  return { id: await insertVideo(t.database, t.deps.media, file, 'completed'), file };
}

/** The people on `frame`, largest first. */
export async function peopleAt(t: TestApp, file: string, frame: number): Promise<FoundPerson[]> {
  const p = await t.deps.media.probe(file);
  const f = (await decodeFrameAt(
    t.deps.media.ffmpegPath,
    { file, fps: p.fps, width: p.width, height: p.height },
    frame,
  ))!;
  const pool = await PosePool.start(await ensureModel(TEST_MODELS_DIR), 1);
  try {
    const out = await pool.detect(f.rgb, f.width, f.height);
    const people: FoundPerson[] = [];
    for (let i = 0; i + 4 < out.length; i += 5)
      people.push({
        x1: out[i] / f.width,
        y1: out[i + 1] / f.height,
        x2: out[i + 2] / f.width,
        y2: out[i + 3] / f.height,
        score: out[i + 4],
      });
    return people
      .filter((q) => q.score >= 0.3)
      .sort((a, b) => (b.x2 - b.x1) * (b.y2 - b.y1) - (a.x2 - a.x1) * (a.y2 - a.y1));
  } finally {
    await pool.close();
  }
}

/** Fraction boxes' intersection over union. */
export function iouOf(
  a: { x1: number; y1: number; x2: number; y2: number },
  b: { x1: number; y1: number; x2: number; y2: number },
): number {
  const w = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1)),
    h = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = w * h;
  return inter / ((a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter);
}
