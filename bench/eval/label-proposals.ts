// Labelling aid, not ground truth: runs the pipeline (top-down, every frame) on a labelled footage
// clip of bench/eval/real-labels/ and writes its tracks as MOT lines, a first proposal that a person
// then checks and corrects box by box on drawn frames (bench/eval/draw-mot-labels.ts).
// Run: npx tsx bench/eval/label-proposals.ts <folder> [out.txt]   (footage from VAT_EVAL_FOOTAGE_DIR)
import fs from 'node:fs';
import path from 'node:path';
import { createMediaService } from '../../server/media/media-service';
import { ensureModel } from '../../server/processing/model-fetch';
import { analyseVideo } from '../../server/processing/pipeline';
import { PosePool } from '../../server/processing/pose-pool';
import { FIXTURE_CACHE } from './fixtures';
import { buildRealClip } from './real-clips';

const folder = process.argv[2];
if (!folder) throw new Error('usage: label-proposals.ts <folder under bench/eval/real-labels> [out.txt]');
const out = process.argv[3] ?? `/tmp/${folder}-proposals.txt`;
const media = createMediaService({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const clip = await buildRealClip(
  media.ffmpegPath,
  { kind: 'real', name: folder, folder, format: 'mot-labels', iou: 0.5, note: '' },
  FIXTURE_CACHE,
);
const info = await media.probe(clip.file);
const pool = await PosePool.start(await ensureModel(path.resolve('.cache/models')), 2);
try {
  const a = await analyseVideo(
    { path: clip.file, ...info },
    {
      ffmpegPath: media.ffmpegPath,
      pool,
      settings: { pipeline_frame_stride: 1, yolo_imgsz: 1280, tracker_name: 'auto', pose_model: 'topdown' },
    },
  );
  const { width: W, height: H } = clip.output;
  const lines = a.detections
    .map((d) => [d.frame + 1, d.trackId, d.x1 * W, d.y1 * H, (d.x2 - d.x1) * W, (d.y2 - d.y1) * H, d.confidence])
    .sort((p, q) => p[0] - q[0] || p[1] - q[1])
    .map((v) => v.map((x, i) => (i < 2 ? String(x) : x.toFixed(i === 6 ? 2 : 1))).join(','));
  fs.writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} boxes → ${out} (${clip.file})`);
} finally {
  await pool.close();
}
