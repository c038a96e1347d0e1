// npm run fit:calibration — refits the box-confidence calibration (server/processing/calibration.json).
// Runs each pose model over the labelled fixture clips (tests/fixtures/ai, built by the eval), takes every
// box the model gives before tracking, and labels it: a person when it overlaps a labelled person at
// IoU ≥ 0.5 (greedy by score, one box per person), not a person otherwise; boxes on a person who is
// mostly out of view are left out. Fits Platt scaling + isotonic regression per model on all clips, prints the reliability
// table of leave-one-clip-out predictions (each clip scored by a fit on the others) and of the final fit.
// The labelled boxes are kept in .cache/calibration/<model>.json; --reuse refits from them without running
// the models again. Run: npm run fit:calibration -- [--stride 3] [--models topdown,multipose] [--reuse] [--dry-run]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMediaService } from '../server/media/media-service';
import { applyPlatt, type CalibrationFile } from '../server/processing/calibration';
import { ensureModel } from '../server/processing/model-fetch';
import { analyseVideo } from '../server/processing/pipeline';
import { defaultPoseThreads, PosePool } from '../server/processing/pose-pool';
import type { PoseModelName } from '../server/processing/pose-protocol';
import { buildClip, loadClips } from './eval/fixtures';
import { iou } from './eval/metrics';
import {
  fitCalibration,
  formatReliability,
  heldOutPredictions,
  reliability,
  type LabelledBox,
} from './calibration/platt';

const opt = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const stride = Number(opt('stride') ?? 3);
const boxesDir = path.resolve('.cache/calibration');
const models = (opt('models') ?? 'topdown,multipose').split(',') as Array<Exclude<PoseModelName, 'tracking'>>;
const file = path.resolve('server/processing/calibration.json');

const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const { output, clips } = loadClips();
const built = [];
for (const c of clips) built.push(await buildClip(media.ffmpegPath, c, output));
const pool = await PosePool.start(
  await ensureModel(process.env.VAT_MODELS_DIR || path.resolve('.cache/models')),
  Number(process.env.VAT_POSE_THREADS) || defaultPoseThreads(),
);
console.log(
  `machine: ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; clips: ${built.map((b) => b.recipe.name).join(', ')}; stride ${stride}`,
);

const current = JSON.parse(fs.readFileSync(file, 'utf8')) as CalibrationFile;
const next: CalibrationFile = { fittedOn: '', models: { ...current.models } };
const summary: string[] = [];
try {
  for (const model of models) {
    const cached = path.join(boxesDir, `${model}.json`);
    const reuse = process.argv.includes('--reuse') && fs.existsSync(cached);
    const rows: LabelledBox[] = reuse ? (JSON.parse(fs.readFileSync(cached, 'utf8')) as LabelledBox[]) : [];
    for (const clip of reuse ? [] : built) {
      const info = await media.probe(clip.file);
      const r = await analyseVideo(
        { path: clip.file, ...info },
        {
          ffmpegPath: media.ffmpegPath,
          pool,
          keepCandidates: true,
          settings: { pipeline_frame_stride: stride, yolo_imgsz: 1280, tracker_name: 'auto', pose_model: model },
        },
      );
      const { width: W, height: H } = clip.output;
      const byFrame = new Map<number, typeof r.candidates>();
      for (const c of r.candidates ?? []) {
        if (!byFrame.has(c.frame)) byFrame.set(c.frame, []);
        byFrame.get(c.frame)!.push(c);
      }
      for (const [frame, boxes] of byFrame) {
        const gt = clip.groundTruth(frame);
        const taken = new Set<number>();
        for (const b of [...boxes!].sort((x, y) => y.score - x.score)) {
          const box = { x1: b.x1 * W, y1: b.y1 * H, x2: b.x2 * W, y2: b.y2 * H };
          let best = -1,
            bestIou = 0.5;
          gt.forEach((g, i) => {
            const v = iou(box, g.box);
            if (!taken.has(i) && v >= bestIou) {
              best = i;
              bestIou = v;
            }
          });
          if (best >= 0 && gt[best].dontCare) {
            taken.add(best);
            continue;
          }
          if (best >= 0) taken.add(best);
          rows.push({ score: b.score, keypointScore: b.keypointScore, person: best >= 0, clip: clip.recipe.name });
        }
      }
    }
    if (!reuse) {
      fs.mkdirSync(boxesDir, { recursive: true });
      fs.writeFileSync(cached, JSON.stringify(rows));
    }
    const params = fitCalibration(rows);
    next.models[model] = params;
    const held = heldOutPredictions(rows);
    const fitted = rows.map((r) => ({ p: applyPlatt(params, r.score, r.keypointScore), person: r.person }));
    const pos = rows.filter((r) => r.person).length;
    summary.push(
      `### ${model}\n\n${rows.length} boxes (${pos} people, ${rows.length - pos} not), clips ${[...new Set(rows.map((r) => r.clip))].join(', ')}; ` +
        `fit: Platt p = σ(${params.wScore} · logit(score) + ${params.wKeypoints} · mean keypoint score + ${params.bias}), then isotonic (${params.isotonic?.x.length} steps)\n\n` +
        `Held out (leave one clip out):\n\n${formatReliability(reliability(held))}\n\nFinal fit, on all clips:\n\n${formatReliability(reliability(fitted))}\n`,
    );
  }
} finally {
  await pool.close();
}
next.fittedOn = `${new Date().toISOString().slice(0, 10)}: npm run fit:calibration, fixture clips ${built.map((b) => b.recipe.name).join(', ')}, every ${stride} frame(s), yolo_imgsz 1280`;
console.log(summary.join('\n'));
if (!process.argv.includes('--dry-run')) {
  fs.writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
