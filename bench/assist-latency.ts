// The editor's pose assistant on the sample library's 720p people clip: the latency of one "Pose" call
// (decode that exact frame, crop, single-pose model) cold (model load included) and warm, and the speed of
// "Follow this person" (frames per second). Run: npx tsx bench/assist-latency.ts [threads]
import os from 'node:os';
import path from 'node:path';
import { createMediaService } from '../server/media/media-service';
import { ensurePeopleClip } from '../server/services/sample-media';
import { AssistPool } from '../server/services/assist/assist-pool';
import { decodeFrameAt } from '../server/services/assist/frame-seek';
import { cropAroundBox, cropModelFor, followStep, poseOnCrop, type PersonAt } from '../server/processing/crop-follow';
import { decodeFramesFrom } from '../server/services/assist/frame-seek';

const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const file = await ensurePeopleClip(media.ffmpegPath, path.join(os.tmpdir(), 'vat-pose-tests-clip'));
const p = await media.probe(file);
const v = { file, fps: p.fps, width: p.width, height: p.height };
const pool = new AssistPool({ modelsDir: path.resolve('.cache/models'), threads: Number(process.argv[2] ?? 1) });

// the person: the detector on frame 0, once (not timed)
const first = (await decodeFrameAt(media.ffmpegPath, v, 0))!;
const found = await pool.use((pose) => pose.detect(first.rgb.slice(), first.width, first.height));
const box = { x1: found[0], y1: found[1], x2: found[2], y2: found[3] };
await pool.close();

const fresh = new AssistPool({ modelsDir: path.resolve('.cache/models'), threads: Number(process.argv[2] ?? 1) });
const assistOnce = async (frame: number) => {
  const t0 = performance.now();
  await fresh.assist(async (pose) => {
    const f = (await decodeFrameAt(media.ffmpegPath, v, frame))!;
    const crop = cropAroundBox(box);
    await poseOnCrop(pose, f.rgb, f.width, f.height, crop, cropModelFor(crop.side));
  });
  return performance.now() - t0;
};
console.log(`cold assist (model load + decode + pose), frame 10: ${(await assistOnce(10)).toFixed(0)} ms`);
const warm: number[] = [];
for (const frame of [30, 90, 150, 200, 235]) warm.push(await assistOnce(frame));
console.log(
  `warm assist, frames 30/90/150/200/235: ${warm.map((x) => x.toFixed(0)).join(', ')} ms (median ${[...warm].sort((a, b) => a - b)[2].toFixed(0)})`,
);

const t0 = performance.now();
let n = 0;
await fresh.use(async (pose) => {
  let prev: PersonAt = { box };
  for await (const f of decodeFramesFrom(media.ffmpegPath, v, 0, 120)) {
    const s = await followStep(pose, f.rgb, f.width, f.height, prev);
    if (!s) break;
    prev = { box: s.box, keypoints: s.keypoints, step: s.step };
    n++;
  }
});
const s = (performance.now() - t0) / 1000;
console.log(`follow: ${n} frames in ${s.toFixed(1)} s = ${(n / s).toFixed(1)} frames/s`);
await fresh.close();
