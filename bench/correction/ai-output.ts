// The AI's output on each labelled eval clip (as the processing job keeps it), cached in
// .cache/correction-bench/ by a hash of the clip's recipe, its built file, the pipeline settings and the
// pipeline's code: the correction benchmark can then be re-run (and the reviewer changed) without running
// the model again, which takes minutes per clip on a shared machine.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaService } from '../../server/media/media-service';
import { analyseVideo, type AnalysisOptions, type AnalysisResult } from '../../server/processing/pipeline';
import { ensureModel } from '../../server/processing/model-fetch';
import { defaultPoseThreads, PosePool } from '../../server/processing/pose-pool';
import { dropStillNonPeople } from '../../server/processing/static-track';
import { recipeHash } from '../eval/clip-recipe';
import type { BuiltClip } from '../eval/fixtures';
import type { EvalSettings } from '../eval/run-eval';

export const AI_OUTPUT_CACHE = path.resolve('.cache/correction-bench');

/** What the bench keeps of an analysis: the tracked boxes and the numbers `framesToScore` reads. */
export type CachedAnalysis = Pick<AnalysisResult, 'detections'> & {
  stats: Pick<AnalysisResult['stats'], 'framesAnalysed' | 'stride'>;
};

/** A hash of the pipeline's code (server/processing), so a changed pipeline never reads an old output. */
function pipelineCode(): string {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/processing');
  const h = createHash('sha256');
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, f);
    if (fs.statSync(file).isFile()) h.update(f).update(fs.readFileSync(file));
  }
  return h.digest('hex').slice(0, 12);
}

export function cacheFile(clip: BuiltClip, settings: EvalSettings, dir = AI_OUTPUT_CACHE): string {
  const name = clip.recipe.name ?? path.basename(clip.file, '.mp4');
  const rules = 'still things dropped as the job does';
  const key = [clip.recipe, clip.output, path.basename(clip.file), settings, rules, pipelineCode()];
  return path.join(dir, `${name}-${recipeHash(key)}.json`);
}

/**
 * The AI output of every clip, from the cache where present; the rest is analysed (one pose pool for all)
 * and written to the cache. `log` hears which clips ran and how long they took.
 */
export async function loadAiOutputs(
  clips: BuiltClip[],
  media: MediaService,
  settings: EvalSettings,
  log: (s: string) => void,
): Promise<CachedAnalysis[]> {
  const out: Array<CachedAnalysis | null> = clips.map((c) => {
    const file = cacheFile(c, settings);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as CachedAnalysis) : null;
  });
  const missing = clips.filter((_, i) => !out[i]);
  if (!missing.length) return out as CachedAnalysis[];
  const threads = Number(process.env.VAT_POSE_THREADS) || defaultPoseThreads();
  const pool = await PosePool.start(
    await ensureModel(process.env.VAT_MODELS_DIR || path.resolve('.cache/models')),
    threads,
  );
  try {
    for (let i = 0; i < clips.length; i++) {
      if (out[i]) continue;
      const clip = clips[i];
      const info = await media.probe(clip.file);
      const t0 = performance.now();
      // the rules the processing job applies after the pipeline apply here too (as in the eval)
      const a = dropStillNonPeople(
        await analyseVideo(
          { path: clip.file, ...info },
          { ffmpegPath: media.ffmpegPath, pool, settings: settings as AnalysisOptions['settings'] },
        ),
        info.width,
        info.height,
      );
      const kept: CachedAnalysis = {
        detections: a.detections,
        stats: { framesAnalysed: a.stats.framesAnalysed, stride: a.stats.stride },
      };
      const file = cacheFile(clip, settings);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(`${file}.${process.pid}.part`, JSON.stringify(kept));
      fs.renameSync(`${file}.${process.pid}.part`, file);
      log(
        `  analysed ${clip.recipe.name}: ${a.stats.framesAnalysed} frames in ${((performance.now() - t0) / 1000).toFixed(0)} s → ${path.relative(process.cwd(), file)}`,
      );
      out[i] = kept;
    }
  } finally {
    await pool.close();
  }
  return out as CachedAnalysis[];
}
