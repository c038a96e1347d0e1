// Text tables of the correction benchmark: per clip and in total, the commands each editor needed (and per
// minute of video) and the metrics it reached; then which kinds of command they were.
import type { CommandKind } from './commands';
import type { ReviewResult, Scores } from './reviewer';
import { markdownTable } from '../eval/markdown-table';

export interface ClipReview {
  name: string;
  duration: number;
  frames: number;
  a: ReviewResult;
  b: ReviewResult;
}

// floored, so a value just under the target never prints as the target
const f3 = (v: number) => (Math.floor(v * 1000) / 1000).toFixed(3);
const rpi = (s: Scores) => `${f3(s.recall)} / ${f3(s.precision)} / ${f3(s.idf1)}`;
const perMin = (n: number, seconds: number) => (n / (seconds / 60)).toFixed(0);
const mark = (r: ReviewResult) => (r.reached ? 'yes' : 'NO');

const mean = (rs: ReviewResult[], pick: (r: ReviewResult) => Scores): Scores => ({
  recall: rs.reduce((s, r) => s + pick(r).recall, 0) / rs.length,
  precision: rs.reduce((s, r) => s + pick(r).precision, 0) / rs.length,
  idf1: rs.reduce((s, r) => s + pick(r).idf1, 0) / rs.length,
});

export function formatReviewTable(clips: ClipReview[]): string {
  const head = [
    'clip',
    'video s',
    'AI R / P / IDF1',
    'A cmds',
    'A /min',
    'A reached R / P / IDF1',
    'A ≥0.95',
    'B cmds',
    'B /min',
    'B reached R / P / IDF1',
    'B ≥0.95',
  ];
  const rows = clips.map((c) => [
    c.name,
    c.duration.toFixed(1),
    rpi(c.a.start),
    String(c.a.commands),
    perMin(c.a.commands, c.duration),
    rpi(c.a.end),
    mark(c.a),
    String(c.b.commands),
    perMin(c.b.commands, c.duration),
    rpi(c.b.end),
    mark(c.b),
  ]);
  const secs = clips.reduce((s, c) => s + c.duration, 0);
  const sum = (pick: (c: ClipReview) => ReviewResult) => clips.reduce((s, c) => s + pick(c).commands, 0);
  const reached = (pick: (c: ClipReview) => ReviewResult) =>
    `${clips.filter((c) => pick(c).reached).length}/${clips.length}`;
  rows.push([
    'total (mean metrics)',
    secs.toFixed(1),
    rpi(
      mean(
        clips.map((c) => c.a),
        (r) => r.start,
      ),
    ),
    String(sum((c) => c.a)),
    perMin(
      sum((c) => c.a),
      secs,
    ),
    rpi(
      mean(
        clips.map((c) => c.a),
        (r) => r.end,
      ),
    ),
    reached((c) => c.a),
    String(sum((c) => c.b)),
    perMin(
      sum((c) => c.b),
      secs,
    ),
    rpi(
      mean(
        clips.map((c) => c.b),
        (r) => r.end,
      ),
    ),
    reached((c) => c.b),
  ]);
  return markdownTable(head, rows);
}

/** Commands by kind, summed over the clips, for each set. */
export function formatKindTable(clips: ClipReview[]): string {
  const kinds = new Set<CommandKind>();
  for (const c of clips)
    for (const r of [c.a, c.b]) for (const k of Object.keys(r.byKind) as CommandKind[]) kinds.add(k);
  const count = (k: CommandKind, pick: (c: ClipReview) => ReviewResult) =>
    clips.reduce((s, c) => s + (pick(c).byKind[k] ?? 0), 0);
  return markdownTable(
    ['command', 'A', 'B'],
    [...kinds].map((k) => [k, String(count(k, (c) => c.a)), String(count(k, (c) => c.b))]),
  );
}
