// Benchmark: AI processing speed and quality per setting. On the sample library's people clip (720p30,
// four people) it prints, per setting, × real time and analysed frames/s (wall clock of analyseVideo:
// decode, pose, tracking, proposals), CPU seconds per video second (this process's threads plus ffmpeg's,
// which a shared machine disturbs less than the wall clock), and the eval's mean recall and IDF1 over the
// labelled clips (every labelled frame scored, skipped ones as the editor interpolates them). Then the cost
// per analysed frame with 1, 4 and 16 people and on the street composite (eight small people, 10 fps),
// and the memory over a 30-minute input.
// Run: npm run bench:processing -- [--settings tracking:3:5,topdown:1] [--no-eval] [--no-crowd] [--no-memory]
//   setting = poseModel:stride[:detectEvery[:thunderFromSide]][:stack|:nostack]; without --settings: the default and the other choices.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VIDEO_SETTINGS_DEFAULTS } from '../domain/constants';
import { createMediaService } from '../server/media/media-service';
import { ensurePeopleClip } from '../server/services/sample-media';
import { ensureModel } from '../server/processing/model-fetch';
import { defaultPoseThreads, PosePool } from '../server/processing/pose-pool';
import { analyseVideo, DETECT_EVERY, STACK_DETECTIONS, type AnalysisOptions } from '../server/processing/pipeline';
import { buildClip, loadClips, type BuiltClip } from './eval/fixtures';
import { evaluateClip, type EvalSettings } from './eval/run-eval';
import { longClip, onePersonClip, sixteenPeopleClip, streetClip } from './processing-clips';

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
}
const DEFAULTS: Setting[] = [
  {
    label: `Default (${VIDEO_SETTINGS_DEFAULTS.pose_model}, stride ${VIDEO_SETTINGS_DEFAULTS.pipeline_frame_stride})`,
    poseModel: VIDEO_SETTINGS_DEFAULTS.pose_model,
    stride: VIDEO_SETTINGS_DEFAULTS.pipeline_frame_stride,
  },
  { label: 'Fast (detector two frames per pass, Lightning), stride 6', poseModel: 'tracking', stride: 6 },
  {
    label: 'Fast as first tuned (detector every 5th analysed frame, crops between), stride 3',
    poseModel: 'tracking',
    stride: 3,
    detectEvery: 5,
    stackDetections: false,
  },
  { label: 'Best quality (every frame), stride 3', poseModel: 'topdown', stride: 3 },
  { label: 'Fastest (MultiPose)', poseModel: 'multipose', stride: 1 },
];
const settings: Setting[] =
  argText('settings')
    ?.split(',')
    .map((s) => {
      const fields = s.split(':');
      const [poseModel, stride, k, thunder] = fields.filter((f) => f !== 'stack' && f !== 'nostack');
      const stackDetections = fields.includes('stack') ? true : fields.includes('nostack') ? false : undefined;
      return {
        label: s,
        poseModel,
        stride: Number(stride || 1),
        detectEvery: k ? Number(k) : undefined,
        thunderFromSide: thunder ? Number(thunder) : undefined,
        stackDetections,
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
const threads = Number(process.env.VAT_POSE_THREADS) || defaultPoseThreads();
const tLoad = performance.now();
const pool = await PosePool.start(
  await ensureModel(process.env.VAT_MODELS_DIR || path.resolve('.cache/models')),
  threads,
);
const loadMs = performance.now() - tLoad;

const optionsOf = (s: Setting): Pick<AnalysisOptions, 'settings' | 'cropTracking'> => ({
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
  const t0 = performance.now();
  const res = await analyseVideo({ path: file, ...v }, { ffmpegPath: media.ffmpegPath, pool, ...optionsOf(s) });
  const wall = (performance.now() - t0) / 1000;
  return { res, wall, cpu: cpuSeconds() - cpu0, duration: v.duration };
}

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
  `pose threads: ${threads}; model + workers start: ${(loadMs / 1000).toFixed(1)} s; crop tracking detects every ${DETECT_EVERY} analysed frame(s)${STACK_DETECTIONS ? ', two frames per pass,' : ''} unless set`,
);

const built: BuiltClip[] = [];
if (!flag('no-eval')) {
  const { output, clips } = loadClips();
  for (const c of clips) built.push(await buildClip(media.ffmpegPath, c, output));
}
const rows: string[][] = [
  [
    'setting',
    '× real time',
    'analysed frames/s',
    'CPU s / video s',
    '× real time if 2 idle cores',
    'eval recall',
    'eval IDF1',
    'load',
  ],
];
for (const s of settings) {
  const m = await measure(clip, s);
  const st = m.res.stats;
  let recall = '—',
    idf1 = '—';
  if (built.length) {
    const evals: Awaited<ReturnType<typeof evaluateClip>>[] = [];
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
          { cropTracking: optionsOf(s).cropTracking },
        ),
      );
    const mean = (f: (r: (typeof evals)[number]) => number) => evals.reduce((a, r) => a + f(r), 0) / evals.length;
    recall = mean((r) => r.metrics.recall).toFixed(3);
    idf1 = mean((r) => r.metrics.idf1).toFixed(3);
  }
  const extra = st.cropTracking
    ? ` (detector ${st.cropTracking.detections}× ${JSON.stringify(st.cropTracking.reasons)}, ${st.cropTracking.crops} crops, ${st.cropTracking.lost} lost)`
    : '';
  console.log(`${s.label}: ${st.framesAnalysed} frames in ${m.wall.toFixed(2)} s, ${st.tracks} tracks${extra}`);
  rows.push([
    s.label,
    (m.duration / m.wall).toFixed(2),
    (st.framesAnalysed / m.wall).toFixed(1),
    (m.cpu / m.duration).toFixed(2),
    ((threads * m.duration) / m.cpu).toFixed(2),
    recall,
    idf1,
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
    '| people | found per frame | CPU ms / analysed frame | × real time | × real time if 2 idle cores |\n|---|---|---|---|---|',
  );
  for (const [n, file] of crowd) {
    const m = await measure(file, dflt);
    const st = m.res.stats;
    console.log(
      `| ${n} | ${(st.peopleFound / st.framesAnalysed).toFixed(1)} | ${((m.cpu * 1000) / st.framesAnalysed).toFixed(0)} | ${(m.duration / m.wall).toFixed(2)} | ${((threads * m.duration) / m.cpu).toFixed(2)} |`,
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
