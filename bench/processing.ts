// Benchmark: AI processing speed and quality per setting. On the sample library's people clip (720p30,
// four people) it prints, per setting, × real time (wall clock of analyseVideo: decode, pose, flow,
// tracking, proposals), CPU seconds per video second (this process's threads plus ffmpeg's, which a shared
// machine disturbs less than the wall clock), CPU ms per person per frame, and the eval's mean recall,
// precision and IDF1 over the real clips (../shared/eval-real) and over the synthetic ones, apart. Then the
// cost with 1, 4 and 16 people and on the street composite (eight small people, 768×576, 10 fps) at the
// first setting, and the memory over a 30-minute input.
// Run: npm run bench:processing -- [--settings tracking:3:5,topdown:1] [--no-eval] [--no-crowd] [--no-memory]
//   setting = poseModel:stride[:detectEvery[:thunderFromSide]][:stack|:nostack][:pN (N model passes per video second)]; without --settings: the default and the other choices.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VIDEO_SETTINGS_DEFAULTS } from '../domain/constants';
import { createMediaService } from '../server/media/media-service';
import { ensurePeopleClip } from '../server/services/sample-media';
import { ensureModel } from '../server/processing/model-fetch';
import { defaultPoseThreads, PosePool } from '../server/processing/pose-pool';
import { analyseVideo, STACK_DETECTIONS, type AnalysisOptions } from '../server/processing/pipeline';
import { PASSES_PER_SECOND } from '../server/processing/crop-schedule';
import { buildClip, loadClips, type BuiltClip } from './eval/fixtures';
import { evaluateClip, type ClipResult, type EvalSettings } from './eval/run-eval';
import { availableRealClips } from './eval/real-clips';
import { longClip, onePersonClip, sixteenPeopleClip, streetClip } from './processing-clips';
import { giveHeapRoomForFrames } from '../server/processing/heap-room';

const argText = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const flag = (name: string) => process.argv.includes(`--${name}`);

interface Setting {
  label: string;
  poseModel: string;
  stride: number;
  detectEvery?: number;
  thunderFromSide?: number;
  stackDetections?: boolean;
  /** Crop tracking's model passes per video second. */
  passesPerSecond?: number;
}
const DEFAULTS: Setting[] = [
  {
    label: `Default (${VIDEO_SETTINGS_DEFAULTS.pose_model}, stride ${VIDEO_SETTINGS_DEFAULTS.pipeline_frame_stride}, ${PASSES_PER_SECOND} model passes/s, optical flow between)`,
    poseModel: VIDEO_SETTINGS_DEFAULTS.pose_model,
    stride: VIDEO_SETTINGS_DEFAULTS.pipeline_frame_stride,
  },
  { label: 'Fast, stride 1, 10 model passes/s', poseModel: 'tracking', stride: 1, passesPerSecond: 10 },
  {
    label: 'Fast, stride 6 (the default before: a model pass on every analysed frame)',
    poseModel: 'tracking',
    stride: 6,
  },
  { label: 'Best quality (top-down on every analysed frame), stride 3', poseModel: 'topdown', stride: 3 },
  { label: 'Fastest (MultiPose), stride 1', poseModel: 'multipose', stride: 1 },
];
const settings: Setting[] =
  argText('settings')
    ?.split(',')
    .map((s) => {
      const fields = s.split(':');
      const pps = fields.find((f) => /^p[\d.]+$/.test(f));
      const [poseModel, stride, k, thunder] = fields.filter((f) => f !== 'stack' && f !== 'nostack' && f !== pps);
      const stackDetections = fields.includes('stack') ? true : fields.includes('nostack') ? false : undefined;
      return {
        label: s,
        poseModel,
        stride: Number(stride || 1),
        detectEvery: k ? Number(k) : undefined,
        thunderFromSide: thunder ? Number(thunder) : undefined,
        stackDetections,
        passesPerSecond: pps ? Number(pps.slice(1)) : undefined,
      };
    }) ?? DEFAULTS;

/** CPU seconds of this process (all threads) and of its finished children (ffmpeg), from /proc. */
function cpuSeconds(): number {
  try {
    const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100; // utime stime cutime cstime, clock ticks
  } catch {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1e6;
  }
}

const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const clipDir = path.resolve('.cache/processing-test-clips');
const clip = await ensurePeopleClip(media.ffmpegPath, clipDir);
const info = await media.probe(clip);
giveHeapRoomForFrames(); // as the server's processing worker does
const threads = Number(process.env.VAT_POSE_THREADS) || defaultPoseThreads();
const tLoad = performance.now();
const pool = await PosePool.start(
  await ensureModel(process.env.VAT_MODELS_DIR || path.resolve('.cache/models')),
  threads,
);
const loadMs = performance.now() - tLoad;

const optionsOf = (s: Setting): Pick<AnalysisOptions, 'settings' | 'cropTracking' | 'passesPerSecond'> => ({
  passesPerSecond: s.passesPerSecond,
  settings: {
    pipeline_frame_stride: s.stride,
    yolo_imgsz: VIDEO_SETTINGS_DEFAULTS.yolo_imgsz,
    tracker_name: 'auto',
    pose_model: s.poseModel as 'tracking',
  },
  cropTracking: {
    ...(s.detectEvery ? { detectEvery: s.detectEvery } : {}),
    ...(s.thunderFromSide ? { thunderFromSide: s.thunderFromSide } : {}),
    ...(s.stackDetections != null ? { stackDetections: s.stackDetections } : {}),
  },
});
async function measure(file: string, s: Setting) {
  const v = await media.probe(file);
  const cpu0 = cpuSeconds();
  const busy0 = pool.inferMs;
  const t0 = performance.now();
  const res = await analyseVideo({ path: file, ...v }, { ffmpegPath: media.ffmpegPath, pool, ...optionsOf(s) });
  const wall = (performance.now() - t0) / 1000;
  // the workers' own time on requests over what the pool's threads had: what the scheduling leaves idle
  const busy = (pool.inferMs - busy0) / 1000 / (threads * wall);
  return { res, wall, cpu: cpuSeconds() - cpu0, duration: v.duration, busy };
}
/** CPU ms per person per video frame: the whole run's CPU over the boxes it gave (what decides crowds). */
const perPersonFrame = (m: Awaited<ReturnType<typeof measure>>) =>
  m.res.stats.peopleFound ? ((m.cpu * 1000) / m.res.stats.peopleFound).toFixed(1) : '—';

// warm-up: the first inferences of each worker compile wasm kernels
for (const s of settings)
  await analyseVideo(
    { path: clip, ...info },
    { ffmpegPath: media.ffmpegPath, pool, ...optionsOf({ ...s, stride: 30 }) },
  );

console.log(
  `clip: ${path.basename(clip)} ${info.width}x${info.height} ${info.fps} fps ${info.duration.toFixed(1)} s (${info.totalFrames} frames)`,
);
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `pose threads: ${threads}; model + workers start: ${(loadMs / 1000).toFixed(1)} s; crop tracking: ${PASSES_PER_SECOND} model passes per video second${STACK_DETECTIONS ? ', two 16:9 frames per detector pass,' : ''} unless set`,
);

const built: BuiltClip[] = [];
if (!flag('no-eval')) {
  // the real clips found under ../shared/eval-real first, then the synthetic ones (the street composite included)
  const { output, clips } = loadClips();
  for (const c of [...availableRealClips().present, ...clips]) built.push(await buildClip(media.ffmpegPath, c, output));
}
const rows: string[][] = [
  [
    'setting',
    '× real time',
    'CPU s / video s',
    '× real time if 2 idle cores',
    'ms per person per frame',
    'eval real: recall / precision / IDF1',
    'eval synthetic: recall / precision / IDF1',
    'load',
  ],
];
/** Means of recall, precision and IDF1 over clips, or '—'. */
const means = (rs: ClipResult[]) =>
  rs.length
    ? (['recall', 'precision', 'idf1'] as const)
        .map((k) => (rs.reduce((a, r) => a + r.metrics[k], 0) / rs.length).toFixed(3))
        .join(' / ')
    : '—';
for (const s of settings) {
  const m = await measure(clip, s);
  const st = m.res.stats;
  const evals: ClipResult[] = [];
  for (const c of built)
    evals.push(
      await evaluateClip(
        c,
        media,
        pool,
        {
          pipeline_frame_stride: s.stride,
          yolo_imgsz: VIDEO_SETTINGS_DEFAULTS.yolo_imgsz,
          tracker_name: 'auto',
          pose_model: s.poseModel,
        } as EvalSettings,
        { cropTracking: optionsOf(s).cropTracking, passesPerSecond: s.passesPerSecond },
      ),
    );
  const extra = st.cropTracking
    ? ` (${st.cropTracking.passes} model passes, ${st.cropTracking.flowFrames} frames followed by optical flow, detector ${st.cropTracking.detections}× ${JSON.stringify(st.cropTracking.reasons)}, ${st.cropTracking.crops} crops, ${st.cropTracking.lost} lost${st.cropTracking.reading === 'squares' ? ', detector read as two squares' : st.cropTracking.reading === 'grid' ? ', detector read as four squares' : ''})`
    : '';
  console.log(`${s.label}: ${st.framesAnalysed} frames in ${m.wall.toFixed(2)} s, ${st.tracks} tracks${extra}`);
  // where the wall clock went: the models' part runs on the workers, the rest on one core after it
  console.log(
    `  wall clock: decoding and the models ${(st.decodeInferMs / 1000).toFixed(2)} s, tracking ${(st.trackMs / 1000).toFixed(2)} s, actions ${(st.actionsMs / 1000).toFixed(2)} s; the pose workers busy ${(m.busy * 100).toFixed(0)} % of it`,
  );
  for (const r of evals)
    console.log(
      `  eval ${r.name}: recall ${r.metrics.recall.toFixed(3)}, precision ${r.metrics.precision.toFixed(3)}, IDF1 ${r.metrics.idf1.toFixed(3)}`,
    );
  rows.push([
    s.label,
    (m.duration / m.wall).toFixed(2),
    (m.cpu / m.duration).toFixed(2),
    ((threads * m.duration) / m.cpu).toFixed(2),
    perPersonFrame(m),
    means(evals.filter((r) => r.kind === 'real')),
    means(evals.filter((r) => r.kind === 'synthetic')),
    os.loadavg()[0].toFixed(1),
  ]);
}
console.log('');
console.log(
  rows
    .map((r) => `| ${r.join(' | ')} |`)
    .join('\n')
    .replace(/\n/, `\n|${rows[0].map(() => '---').join('|')}|\n`),
);

const dflt = settings[0];
if (!flag('no-crowd')) {
  // the cost grows with the people followed: one crop each per analysed frame
  console.log(`\ncost per analysed frame by people in view (${dflt.label}):`);
  const crowd: Array<[string, string]> = [
    ['1', await onePersonClip(media.ffmpegPath, clip, clipDir)],
    ['4', clip],
    ['16', await sixteenPeopleClip(media.ffmpegPath, clip, clipDir)],
    ['8, street (768×576, 10 fps)', await streetClip(media.ffmpegPath)],
  ];
  console.log(
    '| people | found per frame | CPU s / video s | CPU ms / frame | CPU ms per person per frame | × real time | × real time if 2 idle cores |\n|---|---|---|---|---|---|---|',
  );
  for (const [n, file] of crowd) {
    const m = await measure(file, dflt);
    const st = m.res.stats;
    console.log(
      `| ${n} | ${(st.peopleFound / st.framesAnalysed).toFixed(1)} | ${(m.cpu / m.duration).toFixed(2)} | ${((m.cpu * 1000) / st.framesAnalysed).toFixed(0)} | ${perPersonFrame(m)} | ${(m.duration / m.wall).toFixed(2)} | ${((threads * m.duration) / m.cpu).toFixed(2)} |`,
    );
  }
}
if (!flag('no-memory')) {
  // decoded frames are read a few ahead and never all held: the resident memory must stay flat
  const long = await longClip(media.ffmpegPath, clip, clipDir);
  const v = await media.probe(long);
  const samples: number[] = [];
  const rss = () => process.memoryUsage().rss / 2 ** 20;
  let next = 0;
  const t0 = performance.now();
  await analyseVideo(
    { path: long, ...v },
    {
      ffmpegPath: media.ffmpegPath,
      pool,
      ...optionsOf({ ...dflt, stride: 1 }),
      onProgress: (done, expected) => {
        if (done >= next) {
          samples.push(rss());
          next += Math.ceil(expected / 10);
        }
      },
    },
  );
  console.log(
    `\nmemory over ${(v.duration / 60).toFixed(0)} min (${v.totalFrames} frames at ${v.width}x${v.height}) in ${((performance.now() - t0) / 1000).toFixed(0)} s: ` +
      `RSS MB at each tenth ${samples.map((m) => m.toFixed(0)).join(', ')}; end ${rss().toFixed(0)}`,
  );
}
await pool.close();
