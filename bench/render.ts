// Benchmark: render speed (× real time = video seconds per wall-clock second) of a 720p and a 1080p
// clip with 4 tracks (box, label, skeleton, keypoints on every frame, moving), through the real
// pipeline (ffmpeg decode → shared overlay draw on @napi-rs/canvas → ffmpeg libx264 encode, default
// settings: preset veryfast, crf 22, original size), with the npm ffmpeg 4.1 and Debian's /usr/bin/ffmpeg
// when installed. Prints the share of the loop's time spent waiting on the decoder, drawing, and
// waiting on the encoder, and the machine's load. Targets on 2 cores: 720p ≥ 2×, 1080p ≥ 1×.
// Run: npx tsx bench/render.ts [--seconds 6] [--repeat 1]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { VIDEO_SETTINGS_DEFAULTS } from '../domain/constants';
import { detectionAt, type TrackFrames } from '../domain/overlay/detection';
import { collectOverlay } from '../domain/overlay/draw';
import { renderVideo, type FrameAnnotations } from '../server/services/render/pipeline';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const seconds = arg('seconds', 6);
const repeat = Math.max(1, arg('repeat', 1));
const FPS = 30;
const dir = path.resolve('.cache/bench-render');
fs.mkdirSync(dir, { recursive: true });

const npmFfmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const builds: Array<[string, string]> = [['npm ffmpeg 4.1', npmFfmpeg]];
if (fs.existsSync('/usr/bin/ffmpeg')) builds.push(['Debian /usr/bin/ffmpeg', '/usr/bin/ffmpeg']);

function clip(size: string): string {
  const file = path.join(dir, `testsrc2_${size}_${seconds}s.mp4`);
  if (!fs.existsSync(file)) {
    execFileSync(npmFfmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${size}:r=${FPS}:d=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=d=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ]);
  }
  return file;
}

/** Four people walking across the frame: a box and a 17-point pose per frame, one action segment. */
function annotations(frames: number): FrameAnnotations {
  const tracks: Record<number, TrackFrames> = {};
  for (let t = 1; t <= 4; t++) {
    tracks[t] = {};
    for (let f = 0; f < frames; f++) {
      const cx = 0.15 + 0.2 * (t - 1) + 0.05 * Math.sin(f / 20 + t),
        cy = 0.55;
      const w = 0.1,
        h = 0.45;
      const kp = new Float32Array(51);
      for (let j = 0; j < 17; j++) {
        kp[j * 3] = cx + (j % 2 ? 1 : -1) * w * 0.3;
        kp[j * 3 + 1] = cy - h / 2 + (h * j) / 17;
        kp[j * 3 + 2] = 0.9;
      }
      tracks[t][f] = {
        x1: cx - w / 2,
        y1: cy - h / 2,
        x2: cx + w / 2,
        y2: cy + h / 2,
        confidence: 0.8,
        keypoints: kp,
        source: 'ai',
      };
    }
  }
  const doc = {
    trackIds: [1, 2, 3, 4],
    segments: [{ track_id: 1, start_time: 0, end_time: seconds, action_class: 'run' }],
  };
  const opts = { stride: 1, interpolate: true };
  return {
    itemsAt: async (frame, time) => collectOverlay(doc, time, [], (id) => detectionAt(tracks[id], frame, opts)),
  };
}

/** CPU seconds used so far by this process and its waited-for children (the ffmpeg processes): /proc/self/stat utime, stime, cutime, cstime. */
function cpuSeconds(): number {
  const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (part: number, all: number) => `${Math.round((100 * part) / all)}%`;

console.log(
  `render benchmark: ${seconds} s clips at ${FPS} fps, 4 tracks, preset ${VIDEO_SETTINGS_DEFAULTS.render_preset}, crf ${VIDEO_SETTINGS_DEFAULTS.render_crf}; ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
for (const [label, ffmpeg] of builds) {
  for (const [size, w, h] of [
    ['1280x720', 1280, 720],
    ['1920x1080', 1920, 1080],
  ] as const) {
    const input = clip(size);
    const runs: Awaited<ReturnType<typeof renderVideo>>[] = [];
    let cpu = 0,
      nodeCpu = 0;
    for (let i = 0; i < repeat; i++) {
      const c0 = cpuSeconds();
      const n0 = process.cpuUsage();
      const output = path.join(os.tmpdir(), `vat-bench-render-${process.pid}.mp4`);
      const out = await renderVideo({
        ffmpegPath: ffmpeg,
        input,
        output,
        width: w,
        height: h,
        fpsNum: FPS,
        fpsDen: 1,
        totalFrames: seconds * FPS,
        settings: VIDEO_SETTINGS_DEFAULTS,
        annotations: annotations(seconds * FPS),
      });
      fs.rmSync(output, { force: true });
      cpu += cpuSeconds() - c0;
      const n1 = process.cpuUsage(n0);
      nodeCpu += (n1.user + n1.system) / 1e6;
      runs.push(out);
    }
    const r = runs.find((x) => x.ms.total === median(runs.map((y) => y.ms.total)))!;
    const speed = seconds / (r.ms.total / 1000);
    const cpuPerVideoSecond = cpu / repeat / seconds;
    console.log(
      `${label.padEnd(24)} ${size.padEnd(10)} ${speed.toFixed(2)}× real time (${(r.ms.total / 1000).toFixed(1)} s for ${r.frames} frames; draw ${(r.ms.draw / r.frames).toFixed(1)} ms/frame) — time in decode ${pct(r.ms.decode, r.ms.total)}, draw ${pct(r.ms.draw, r.ms.total)}, encode ${pct(r.ms.encode, r.ms.total)}; load ${os.loadavg()[0].toFixed(1)}`,
    );
    // what the same work needs in CPU time, whatever else runs: on otherwise idle cores the render cannot
    // beat cores / (CPU s per video s); this is the ceiling, not a measurement of wall time
    console.log(
      `${''.padEnd(24)} ${''.padEnd(10)} CPU ${cpuPerVideoSecond.toFixed(2)} s per video second (node ${pct(nodeCpu, cpu)}, the two ffmpeg ${pct(cpu - nodeCpu, cpu)}) → at most ${(os.cpus().length / cpuPerVideoSecond).toFixed(2)}× real time on ${os.cpus().length} idle cores`,
    );
  }
}
if (builds.length === 1)
  console.log('Debian ffmpeg: /usr/bin/ffmpeg is not installed on this machine (apt-get install ffmpeg to compare)');
