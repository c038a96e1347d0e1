// How much work correcting the AI is: on the labelled eval clips, a scripted reviewer starts from the AI's
// tracks and greedily applies the editor's commands until recall, precision and IDF1 against the labels are
// all ≥ 0.95 (or nothing helps), once with the new correction commands (A: keyframes drawn and
// interpolated, delete a box or a range, split, swap, move a range, interpolate, propagate, delete a
// track, merge) and once with today's editor (B: per-frame box move/resize, whole-track delete, merge).
// It prints the commands each needed, per clip and per minute of video, and the metrics reached.
// First, on the real clips (bench/eval/real-clips.ts) and the street composite, the cost
// model of bench/correction/cost-model.ts: commands to correct the AI's output (as exported and as the
// editor draws it) against commands to draw the people from scratch, at the app's default settings.
// Run: npm run bench:correction -- [--part cost|reviewer|both] [--cost-stride n] [--cost-pose-model m] [--cost-frames 150]
//   [--clip name,name] [--stride 3] [--imgsz 1280] [--pose-model topdown]
//   [--tracker auto] [--target 0.95] [--steps] (--steps prints every command the reviewer issued)
// The AI output is cached in .cache/correction-bench/ by clip recipe and settings (the model runs once).
import { VIDEO_SETTINGS_DEFAULTS } from '../domain/constants';
import { createMediaService } from '../server/media/media-service';
import { costOfClips, formatCostTable } from './correction/cost-report';
import { availableRealClips } from './eval/real-clips';
import { loadAiOutputs } from './correction/ai-output';
import { formatKindTable, formatReviewTable, type ClipReview } from './correction/report';
import type { ReviewClip, TrackBox } from './correction/review-state';
import { review, TARGET } from './correction/reviewer';
import { buildClip, loadClips, type BuiltClip } from './eval/fixtures';
import { framesToScore, type EvalSettings } from './eval/run-eval';

const opt = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
// stride 3 by default: the eval's published runs use it, and the model is far too slow at stride 1 on a
// shared 2-core machine; every analysed frame is scored and edited, the others carry no box to correct
const settings: EvalSettings = {
  pipeline_frame_stride: Number(opt('stride') ?? 3),
  yolo_imgsz: Number(opt('imgsz') ?? 1280),
  tracker_name: (opt('tracker') ?? 'auto') as EvalSettings['tracker_name'],
  ...(opt('pose-model') ? { pose_model: opt('pose-model') } : {}),
};
const target = Number(opt('target') ?? TARGET);
const only = opt('clip');
const part = opt('part') ?? 'both';

const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const { output, clips } = loadClips();

if (part !== 'reviewer') {
  // the cost model on real footage (and the street composite), at the settings a new install processes with
  const costSettings: EvalSettings = {
    pipeline_frame_stride: Number(opt('cost-stride') ?? VIDEO_SETTINGS_DEFAULTS.pipeline_frame_stride),
    yolo_imgsz: VIDEO_SETTINGS_DEFAULTS.yolo_imgsz,
    tracker_name: 'auto',
    pose_model: opt('cost-pose-model') ?? VIDEO_SETTINGS_DEFAULTS.pose_model,
  };
  const limit = Number(opt('cost-frames') ?? 150);
  const real = availableRealClips();
  for (const line of real.missing) console.log(line);
  const recipes = [...real.present, ...clips.filter((c) => c.name === 'street-crossing')];
  console.log(`cost model settings: ${JSON.stringify(costSettings)}, first ${limit} frames of each clip`);
  const costs = await costOfClips(recipes, output, media, costSettings, limit, console.log);
  console.log('');
  console.log(
    'Commands to draw every person from scratch against commands to correct the AI output into them (cost model of bench/correction/cost-model.ts), as the MOT export holds it and as the editor draws it:',
  );
  console.log(formatCostTable(costs));
  console.log('');
}
if (part === 'cost') process.exit(0);

const chosen = clips.filter((c) => !only || only.split(',').includes(c.name));
if (!chosen.length) throw new Error(`no clip named ${only}; clips: ${clips.map((c) => c.name).join(', ')}`);
console.log(`settings: ${JSON.stringify(settings)}, target ${target}`);
const built: BuiltClip[] = [];
for (const c of chosen) built.push(await buildClip(media.ffmpegPath, c, output));
const analyses = await loadAiOutputs(built, media, settings, console.log);

const results: ClipReview[] = built.map((clip, i) => {
  const scored = framesToScore(clip, analyses[i] as Parameters<typeof framesToScore>[1]);
  const analysed = new Set(scored.map((f) => f.frame));
  const rc: ReviewClip = {
    name: clip.recipe.name ?? clip.file,
    width: output.width,
    height: output.height,
    fps: output.fps,
    duration: clip.frames / output.fps,
    frames: scored.map((f) => ({ frame: f.frame, gt: f.gt })),
  };
  const ai: TrackBox[] = analyses[i].detections
    .filter((d) => analysed.has(d.frame))
    .map((d) => ({ trackId: d.trackId, frame: d.frame, x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2, score: d.confidence }));
  const t0 = performance.now();
  const a = review(rc, ai, 'A', { target });
  const b = review(rc, ai, 'B', { target });
  console.log(
    `  ${rc.name}: ${scored.length} analysed frames, reviewed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (process.argv.includes('--steps')) {
    for (const r of [a, b])
      for (const s of r.steps) {
        const { command, cost, after } = s;
        const what =
          command.kind === 'per-frame box edits'
            ? `${command.edits.length} boxes`
            : JSON.stringify({
                ...command,
                kind: undefined,
                keys: 'keys' in command ? command.keys.map((k) => k.frame) : undefined,
                box: undefined,
              });
        console.log(
          `    ${r.set} ${command.kind} ${what} (${cost}) → R ${after.recall.toFixed(3)} P ${after.precision.toFixed(3)} IDF1 ${after.idf1.toFixed(3)}`,
        );
      }
  }
  return { name: rc.name, duration: rc.duration, frames: scored.length, a, b };
});
console.log('');
console.log(
  `Commands to reach recall, precision and IDF1 ≥ ${target} (A: new correction commands; B: today's editor — per-frame box edits, whole-track delete, merge; it cannot add a missed person, so where it stops short the metrics are its ceiling):`,
);
console.log(formatReviewTable(results));
console.log('');
console.log(formatKindTable(results));
