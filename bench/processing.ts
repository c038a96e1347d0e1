// Benchmark: AI processing speed on a 720p clip of real people — analysed frames per second and
// × real time (video seconds per wall-clock second) at frame stride 1 and 3, with the default analysis size
// (yolo_imgsz 1280 → 256 px long side) and one pose worker per core (VAT_POSE_THREADS overrides).
// Run: npx tsx bench/processing.ts [--imgsz 1280] [--repeat 1] [--pose-model topdown|multipose] [--strides 1,3]
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
const argText = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
const poseModel = argText('pose-model') === 'multipose' ? 'multipose' : 'topdown';
const strides = (argText('strides') ?? '1,3').split(',').map(Number);

const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const clip = await ensurePeopleClip(media.ffmpegPath, path.resolve('.cache/processing-test-clips'));
const info = await media.probe(clip);
const threads = Number(process.env.VAT_POSE_THREADS) || defaultPoseThreads();
const tLoad = performance.now();
const pool = await PosePool.start(await ensureModel(process.env.VAT_MODELS_DIR || path.resolve('.cache/models')), threads);
const loadMs = performance.now() - tLoad;
// one short warm-up run: the first inferences of each worker compile wasm kernels
await analyseVideo({ path: clip, ...info, totalFrames: info.totalFrames }, { ffmpegPath: media.ffmpegPath, pool, settings: { pipeline_frame_stride: 30, yolo_imgsz: imgsz, tracker_name: 'auto', pose_model: poseModel } });

console.log(`clip: ${path.basename(clip)} ${info.width}x${info.height} ${info.fps} fps ${info.duration.toFixed(1)} s (${info.totalFrames} frames)`);
console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`pose threads: ${threads}; model + workers start: ${(loadMs / 1000).toFixed(1)} s; pose model ${poseModel}; yolo_imgsz ${imgsz}`);
for (const stride of strides) {
  for (let r = 0; r < repeat; r++) {
    pool.inferMs = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await analyseVideo({ path: clip, ...info }, { ffmpegPath: media.ffmpegPath, pool, settings: { pipeline_frame_stride: stride, yolo_imgsz: imgsz, tracker_name: 'auto', pose_model: poseModel } });
    const wall = (performance.now() - t0) / 1000;
    // CPU time of this process (every pose thread; ffmpeg's decoding is a child process and not counted):
    // on a shared machine the wall clock says how busy the others are, the CPU time what this costs
    const cpuS = ((c) => (c.user + c.system) / 1e6)(process.cpuUsage(cpu0));
    const s = res.stats;
    console.log(`stride ${stride}: ${s.framesAnalysed} frames analysed at ${s.inputW}x${s.inputH} in ${wall.toFixed(2)} s → ` +
      `${(s.framesAnalysed / wall).toFixed(1)} analysed frames/s, ${(info.duration / wall).toFixed(2)}× real time ` +
      `(pose ${(pool.inferMs / s.framesAnalysed).toFixed(0)} ms/frame/thread; ${s.tracks} tracks, ${res.segments.length} segments; load ${os.loadavg()[0].toFixed(2)}); ` +
      `CPU ${(cpuS / info.duration).toFixed(2)} s per video second → ${(threads * info.duration / cpuS).toFixed(2)}× real time on ${threads} free cores`);
  }
}
await pool.close();
