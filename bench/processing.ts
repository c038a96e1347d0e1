// Benchmark: AI processing speed on a 720p clip of real people — analysed frames per second and
// × real time (video seconds per wall-clock second) at frame stride 1 and 3, with the default analysis size
// (yolo_imgsz 1280 → 256 px long side) and one pose worker per core (VAT_POSE_THREADS overrides).
// Target: ≥ 1× real time at stride 3. Run: npx tsx bench/processing.ts [--imgsz 1280] [--repeat 1]
import os from 'node:os';
import path from 'node:path';
import { createMediaService } from '../server/services/media';
import { ensurePeopleClip } from '../server/services/sample-media';
import { ensureModel } from '../server/services/processing/model-fetch';
import { defaultPoseThreads, PosePool } from '../server/services/processing/pose-pool';
import { analyseVideo } from '../server/services/processing/pipeline';

const arg = (name: string, dflt: number) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : dflt; };
const imgsz = arg('imgsz', 1280);
const repeat = Math.max(1, arg('repeat', 1));

const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const clip = await ensurePeopleClip(media.ffmpegPath, path.resolve('.cache/processing-test-clips'));
const info = await media.probe(clip);
const threads = Number(process.env.VAT_POSE_THREADS) || defaultPoseThreads();
const tLoad = performance.now();
const pool = await PosePool.start(await ensureModel(process.env.VAT_MODELS_DIR || path.resolve('.cache/models')), threads);
const loadMs = performance.now() - tLoad;
// one short warm-up run: the first inferences of each worker compile wasm kernels
await analyseVideo({ path: clip, ...info, totalFrames: info.totalFrames }, { ffmpegPath: media.ffmpegPath, pool, settings: { pipeline_frame_stride: 30, yolo_imgsz: imgsz, tracker_name: 'auto' } });

console.log(`clip: ${path.basename(clip)} ${info.width}x${info.height} ${info.fps} fps ${info.duration.toFixed(1)} s (${info.totalFrames} frames)`);
console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`pose threads: ${threads}; model + workers start: ${(loadMs / 1000).toFixed(1)} s; yolo_imgsz ${imgsz}`);
for (const stride of [1, 3]) {
  for (let r = 0; r < repeat; r++) {
    pool.inferMs = 0;
    const t0 = performance.now();
    const res = await analyseVideo({ path: clip, ...info }, { ffmpegPath: media.ffmpegPath, pool, settings: { pipeline_frame_stride: stride, yolo_imgsz: imgsz, tracker_name: 'auto' } });
    const wall = (performance.now() - t0) / 1000;
    const s = res.stats;
    console.log(`stride ${stride}: ${s.framesAnalysed} frames analysed at ${s.inputW}x${s.inputH} in ${wall.toFixed(2)} s → ` +
      `${(s.framesAnalysed / wall).toFixed(1)} analysed frames/s, ${(info.duration / wall).toFixed(2)}× real time ` +
      `(pose ${(pool.inferMs / s.framesAnalysed).toFixed(0)} ms/frame/thread; ${s.tracks} tracks, ${res.segments.length} segments)`);
  }
}
await pool.close();
