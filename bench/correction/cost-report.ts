// The correction cost model (cost-model.ts) on the real clips and the street composite: the AI's output at
// the given settings, once as the MOT export holds it and once as the editor draws it (filled in between
// analysed frames), against drawing every person from scratch, over the first frames of each clip.
import type { MediaService } from '../../server/media/media-service';
import { buildClip, type BuiltClip, type ClipRecipe } from '../eval/fixtures';
import { exportMot, readMotBoxes } from '../eval/mot-export';
import { framesToScore, type EvalSettings } from '../eval/run-eval';
import type { ClipOutput } from '../eval/clip-recipe';
import { loadAiOutputs, type CachedAnalysis } from './ai-output';
import { correctionCost, type CostFrame, type CorrectionCost } from './cost-model';
import path from 'node:path';
import { markdownTable } from '../eval/markdown-table';

export interface ClipCost {
  name: string;
  frames: number;
  people: number;
  exported: CorrectionCost;
  drawn: CorrectionCost;
}

/** The frames 0..limit-1 of a clip with its labels and the output boxes of each frame. */
function costFrames(clip: BuiltClip, limit: number, out: (n: number) => CostFrame['out']): CostFrame[] {
  return Array.from({ length: Math.min(limit, clip.frames) }, (_, n) => ({
    frame: n,
    gt: clip.groundTruth(n),
    out: out(n),
  }));
}

export function clipCost(clip: BuiltClip, analysis: CachedAnalysis, limit: number): ClipCost {
  const mot = readMotBoxes(
    exportMot(analysis, {
      filename: path.basename(clip.file),
      width: clip.output.width,
      height: clip.output.height,
      frames: clip.frames,
      fps: clip.output.fps,
    }),
  );
  const exported = correctionCost(
    costFrames(clip, limit, (n) => (mot.get(n) ?? []).map((b) => ({ trackId: b.id, box: b.box }))),
  );
  const shown = new Map(
    framesToScore(clip, analysis as Parameters<typeof framesToScore>[1]).map((f) => [f.frame, f.pred]),
  );
  const drawn = correctionCost(
    costFrames(clip, limit, (n) => (shown.get(n) ?? []).map((p) => ({ trackId: p.trackId, box: p.box }))),
  );
  return {
    name: clip.recipe.name,
    frames: Math.min(limit, clip.frames),
    people: exported.people.length,
    exported,
    drawn,
  };
}

export async function costOfClips(
  recipes: ClipRecipe[],
  out: ClipOutput,
  media: MediaService,
  settings: EvalSettings,
  limit: number,
  log: (s: string) => void,
): Promise<ClipCost[]> {
  const built: BuiltClip[] = [];
  for (const r of recipes) built.push(await buildClip(media.ffmpegPath, r, out));
  const analyses = await loadAiOutputs(built, media, settings, log);
  return built.map((c, i) => clipCost(c, analyses[i], limit));
}

const sumOf = (cs: ClipCost[], pick: (c: ClipCost) => number) => cs.reduce((s, c) => s + pick(c), 0);

export function formatCostTable(costs: ClipCost[]): string {
  const head = [
    'clip',
    'frames',
    'people',
    'draw cmds',
    'as exported: cmds',
    'ratio',
    'id changes',
    'box runs',
    'deletes',
    'cheaper to redraw',
    'as drawn: cmds',
    'ratio',
  ];
  const row = (label: string, cs: ClipCost[]) => {
    const draw = sumOf(cs, (c) => c.exported.draw);
    const ex = sumOf(cs, (c) => c.exported.correct);
    const dr = sumOf(cs, (c) => c.drawn.correct);
    const ppl = (pick: (p: CorrectionCost['people'][number]) => number) =>
      sumOf(cs, (c) => c.exported.people.reduce((s, p) => s + pick(p), 0));
    return [
      label,
      String(sumOf(cs, (c) => c.frames)),
      String(sumOf(cs, (c) => c.people)),
      String(draw),
      String(ex),
      draw ? (ex / draw).toFixed(2) : '–',
      String(ppl((p) => (p.redrawn ? 0 : p.idChanges))),
      String(ppl((p) => (p.redrawn ? 0 : p.boxRuns))),
      String(sumOf(cs, (c) => c.exported.falseRuns)),
      `${ppl((p) => (p.redrawn ? 1 : 0))}/${sumOf(cs, (c) => c.people)}`,
      String(dr),
      draw ? (dr / draw).toFixed(2) : '–',
    ];
  };
  const rows = costs.map((c) => row(c.name, [c]));
  if (costs.length > 1) rows.push(row('total', costs));
  return markdownTable(head, rows);
}
