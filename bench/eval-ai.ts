// AI quality on labelled fixture clips: builds the clips (cached), runs the analysis pipeline on each
// and prints recall/precision (IoU ≥ 0.5; boxes on labelled non-people are false positives and also counted apart), MOTA, IDF1, OKS, PCK@0.2, tracks and fragments against people,
// ID switches, mean confidence of matched and unmatched boxes and speed in × real time, then which
// targets each clip meets. Run: npm run eval:ai -- [--clip name] [--stride n] [--imgsz 1280]
//   [--pose-model tracking|topdown|multipose] [--detect-every k] [--stack-detections] [--passes-per-second n] [--tracker auto] [--json out.json] [--draw dir [--draw-frames 3,10]] [--per-person]
//   [--set real|synthetic] [--reuse-people]
// Without options it scores the default settings (domain/constants.ts) on every clip: the real clips of
// bench/eval/real-clips.ts whose footage is here (../shared/eval-real, ../eval-data), then the synthetic ones;
// the table ends with the means of each kind.
// --per-person prints, for each labelled person, the share of frames found, the tracks and the mean score.
// --draw writes the first, middle and last analysed frame of each clip with ground truth and boxes drawn.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VIDEO_SETTINGS_DEFAULTS } from '../domain/constants';
import { createMediaService } from '../server/media/media-service';
import { ensureModel } from '../server/processing/model-fetch';
import { defaultPoseThreads, PosePool } from '../server/processing/pose-pool';
import { buildClip, loadClips, type BuiltClip, type ClipRecipe } from './eval/fixtures';
import { availableRealClips, REAL_CLIPS } from './eval/real-clips';
import { evaluateClip, type ClipResult, type EvalSettings } from './eval/run-eval';
import { drawEvalFrame } from './eval/draw-frame';
import {
  formatMotTable,
  formatTable,
  perPersonReport,
  perTrackReport,
  proposalsReport,
  unlabelledProposalsLine,
  targetsLine,
} from './eval/report';
import { actionScores, formatActionScores, trackPeople } from './eval/action-scores';
import { stillDropLog } from '../server/processing/static-track';

const opt = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
// without options: the default settings a new install processes with
const settings: EvalSettings = {
  pipeline_frame_stride: Number(opt('stride') ?? VIDEO_SETTINGS_DEFAULTS.pipeline_frame_stride),
  yolo_imgsz: Number(opt('imgsz') ?? VIDEO_SETTINGS_DEFAULTS.yolo_imgsz),
  tracker_name: (opt('tracker') ?? 'auto') as EvalSettings['tracker_name'],
  pose_model: opt('pose-model') ?? VIDEO_SETTINGS_DEFAULTS.pose_model,
};
/** Crop tracking's detector interval (analysed frames), when not the default. */
const cropTracking =
  opt('detect-every') || process.argv.includes('--stack-detections')
    ? {
        ...(opt('detect-every') ? { detectEvery: Number(opt('detect-every')) } : {}),
        ...(process.argv.includes('--stack-detections') ? { stackDetections: true } : {}),
      }
    : undefined;
/** Crop tracking's model passes per video second, when not the default (crop-schedule.ts PASSES_PER_SECOND). */
const passesText = opt('passes-per-second');
const passesPerSecond = passesText === undefined ? undefined : Number(passesText);
if (passesPerSecond !== undefined && !(passesPerSecond > 0))
  throw new Error(`--passes-per-second wants a number above 0, not ${passesText}`);
const only = opt('clip');
const jsonOut = opt('json');
const drawDir = opt('draw');
/** The models' answer from .cache/eval-people when the models' side is unchanged (bench/eval/people-cache.ts). */
const reusePeople = process.argv.includes('--reuse-people');

const set = opt('set');
const names = only?.split(',');

const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const { output, clips } = loadClips();
const real = availableRealClips(names);
for (const line of real.missing) console.log(line);
const chosen: ClipRecipe[] = [
  ...(set === 'synthetic' ? [] : real.present),
  ...(set === 'real' ? [] : clips.filter((c) => !names || names.includes(c.name))),
];
// every clip asked for is a real one whose footage is not here: the lines above said why, nothing to run
if (!chosen.length && names?.every((n) => REAL_CLIPS.some((r) => r.name === n))) process.exit(0);
if (!chosen.length)
  throw new Error(`no clip named ${only}; clips: ${[...REAL_CLIPS, ...clips].map((c) => c.name).join(', ')}`);

const threads = Number(process.env.VAT_POSE_THREADS) || defaultPoseThreads();
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${threads} pose threads, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`settings: ${JSON.stringify(settings)}`);
const built: BuiltClip[] = [];
for (const c of chosen) built.push(await buildClip(media.ffmpegPath, c, output));
const pool = await PosePool.start(
  await ensureModel(process.env.VAT_MODELS_DIR || path.resolve('.cache/models')),
  threads,
);
const results: ClipResult[] = [];
try {
  // warm-up: the first inferences of each worker compile wasm kernels
  if (!reusePeople) await evaluateClip(built[0], media, pool, { ...settings, pipeline_frame_stride: 30 });
  for (const clip of built) {
    const r = await evaluateClip(clip, media, pool, settings, { cropTracking, passesPerSecond }, reusePeople);
    results.push(r);
    console.log(`  ${r.name}: ${r.frames} frames in ${r.wallSeconds.toFixed(1)} s`);
    if (drawDir) {
      fs.mkdirSync(drawDir, { recursive: true });
      const fr = r.scored;
      const pick = opt('draw-frames')?.split(',').map(Number);
      for (const f of pick
        ? fr.filter((x) => pick.includes(x.frame))
        : [fr[0], fr[Math.floor(fr.length / 2)], fr[fr.length - 1]]) {
        await drawEvalFrame(
          media.ffmpegPath,
          clip.file,
          clip.output.width,
          clip.output.height,
          f,
          path.join(drawDir, `${r.name}-${f.frame}.png`),
        );
      }
    }
  }
} finally {
  await pool.close();
}
console.log('');
console.log(formatTable(results));
console.log('');
console.log(formatMotTable(results));
console.log('');
for (const r of results) console.log(targetsLine(r));
// tracks the processing job drops as still things (static-track.ts), so they are not scored above
for (const r of results) for (const line of stillDropLog(r.analysis.stillDropped)) console.log(`${r.name}: ${line}`);
if (process.argv.includes('--per-person'))
  for (const r of results) console.log(`\n${perPersonReport(r)}\n${perTrackReport(r)}`);
// action proposals: scored where the recipe says what the motion shows, listed on the other clips
results.forEach((r, i) => {
  const recipe = built[i].recipe;
  if (recipe.kind !== 'composite') {
    console.log(unlabelledProposalsLine(r, built[i].output.fps));
    return;
  }
  const actors = recipe.actors.map((a, k) => ({ id: `${k}:${a.photo}/${a.person}`, shows: a.shows }));
  console.log('');
  console.log(proposalsReport(r, actors, built[i].output.fps));
  console.log(formatActionScores(r.name, actionScores(trackPeople(r.metrics.detections), r.analysis.segments, actors)));
});
if (jsonOut) {
  fs.writeFileSync(
    jsonOut,
    JSON.stringify({
      settings,
      note: 'one row per predicted box: score = pipeline confidence; matched = paired with a labelled person at IoU ≥ 0.5; ignored = on a person less than half in view',
      clips: results.map((r) => ({ name: r.name, detections: r.metrics.detections })),
    }),
  );
  console.log(`\nper-detection scores → ${jsonOut}`);
}
