// Text table and target verdicts of an eval run.
import { CLIP_KINDS, type ClipResult } from './run-eval';
import { markdownTable } from './markdown-table';

export const TARGETS = { recall: 0.95, precision: 0.95, idf1: 0.9, realTime: 1 };

const f2 = (v: number | null) => (v == null ? '–' : v.toFixed(2));
const f3 = (v: number | null) => (v == null ? '–' : v.toFixed(3));

export function formatTable(results: ClipResult[]): string {
  // on non-people: boxes the model put on the clip's labelled non-people / tracks they made ('–': none labelled)
  const head = [
    'clip',
    'frames',
    'recall',
    'precision',
    'MOTA',
    'IDF1',
    'OKS',
    'PCK@0.2',
    'PCKh@0.5',
    'IoU',
    'tracks/people',
    'frag/people',
    'IDsw',
    'conf hit',
    'conf miss',
    'on non-people',
    '×RT',
  ];
  const rows = results.map((r) => {
    const m = r.metrics;
    return [
      r.name,
      String(r.frames),
      f3(m.recall),
      f3(m.precision),
      f3(m.mota),
      f3(m.idf1),
      f3(m.oks),
      f3(m.pck),
      f3(m.pckh),
      r.iou.toFixed(1),
      `${m.tracks}/${m.people}`,
      `${m.fragments}/${m.people}`,
      String(m.idSwitches),
      f2(m.meanScoreMatched),
      f2(m.meanScoreUnmatched),
      r.nonPeople ? `${r.nonPeople.boxes}/${r.nonPeople.tracks.length}` : '–',
      f2(r.realTime),
    ];
  });
  for (const kind of CLIP_KINDS) {
    const group = results.filter((r) => r.kind === kind);
    if (group.length) rows.push(meanRow(`mean, ${kind} (${group.length})`, group));
  }
  return markdownTable(head, rows);
}

/** Mean of a metric over the clips that have it (null when none has). */
function meanOf(results: ClipResult[], pick: (r: ClipResult) => number | null): number | null {
  const v = results.map(pick).filter((x): x is number => x != null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
}

/** One row of per-clip means (each clip weighs the same); counts are summed. */
function meanRow(label: string, results: ClipResult[]): string[] {
  const m = (pick: (r: ClipResult) => number | null) => meanOf(results, pick);
  const sum = (pick: (r: ClipResult) => number) => results.reduce((a, r) => a + pick(r), 0);
  return [
    label,
    String(sum((r) => r.frames)),
    f3(m((r) => r.metrics.recall)),
    f3(m((r) => r.metrics.precision)),
    f3(m((r) => r.metrics.mota)),
    f3(m((r) => r.metrics.idf1)),
    f3(m((r) => r.metrics.oks)),
    f3(m((r) => r.metrics.pck)),
    f3(m((r) => r.metrics.pckh)),
    '',
    `${sum((r) => r.metrics.tracks)}/${sum((r) => r.metrics.people)}`,
    `${sum((r) => r.metrics.fragments)}/${sum((r) => r.metrics.people)}`,
    String(sum((r) => r.metrics.idSwitches)),
    '',
    '',
    '',
    f2(m((r) => r.realTime)),
  ];
}

/**
 * The MOT export as it comes out, scored as py-motmetrics scores it: per clip, then the means of the real
 * and the synthetic clips.
 */
export function formatMotTable(results: ClipResult[]): string {
  const head = ['MOT export', 'IoU', 'MOTA', 'IDF1', 'recall', 'precision', 'IDsw', 'ids/people'];
  const row = (label: string, rs: ClipResult[]) => {
    const m = (pick: (r: ClipResult) => number) => meanOf(rs, pick);
    const sum = (pick: (r: ClipResult) => number) => rs.reduce((a, r) => a + pick(r), 0);
    return [
      label,
      rs.length === 1 ? rs[0].iou.toFixed(1) : '',
      f3(m((r) => r.mot.mota)),
      f3(m((r) => r.mot.idf1)),
      f3(m((r) => r.mot.recall)),
      f3(m((r) => r.mot.precision)),
      String(sum((r) => r.mot.idSwitches)),
      `${sum((r) => r.mot.tracks)}/${sum((r) => r.mot.people)}`,
    ];
  };
  const rows = results.map((r) => row(r.name, [r]));
  for (const kind of CLIP_KINDS) {
    const group = results.filter((r) => r.kind === kind);
    if (group.length) rows.push(row(`mean, ${kind} (${group.length})`, group));
  }
  return markdownTable(head, rows);
}

export function targetsLine(r: ClipResult): string {
  const m = r.metrics;
  const checks: Array<[string, boolean]> = [
    [`recall ≥ ${TARGETS.recall}`, m.recall >= TARGETS.recall],
    [`precision ≥ ${TARGETS.precision}`, m.precision >= TARGETS.precision],
    ['fragments = people', m.fragments === m.people],
    [`IDF1 ≥ ${TARGETS.idf1}`, m.idf1 >= TARGETS.idf1],
    [`≥ ${TARGETS.realTime}× real time`, r.realTime >= TARGETS.realTime],
  ];
  return `${r.name}: ${checks.map(([k, ok]) => `${ok ? 'met' : 'NOT met'} ${k}`).join('; ')}`;
}

/**
 * What the action proposals say on a clip whose recipe states what each actor's motion shows: each
 * track (named after the actor it mostly matched) with its proposals as frame ranges.
 */
export function proposalsReport(
  r: ClipResult,
  actors: Array<{ id: string; shows: Array<{ action: string; from: number; to: number }> }>,
  fps: number,
): string {
  const votes = new Map<number, Map<string, number>>();
  for (const d of r.metrics.detections) {
    if (!d.gtId) continue;
    const m = votes.get(d.trackId) ?? new Map<string, number>();
    m.set(d.gtId, (m.get(d.gtId) ?? 0) + 1);
    votes.set(d.trackId, m);
  }
  const personOf = (track: number) =>
    [...(votes.get(track) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const fr = (s: number) => Math.round(s * fps);
  const lines = [`${r.name}: action proposals per track (frames at ${fps} fps)`];
  // an actor that is a thing shows nothing
  actors = actors.filter((a) => a.shows.length);
  for (const a of actors)
    lines.push(`  ${a.id} shows: ${a.shows.map((s) => `${s.action} ${fr(s.from)}–${fr(s.to)}`).join(', ')}`);
  const tracks = [...new Set(r.analysis.detections.map((d) => d.trackId))].sort((a, b) => a - b);
  for (const t of tracks) {
    const segs = r.analysis.segments.filter((s) => s.trackId === t).sort((a, b) => a.start - b.start);
    const frames = r.analysis.detections.filter((d) => d.trackId === t).map((d) => d.frame);
    lines.push(
      `  track ${t} (frames ${Math.min(...frames)}–${Math.max(...frames)}, mostly ${personOf(t) ?? 'no labelled person'}): ` +
        (segs.length
          ? segs.map((s) => `${s.actionClass} ${fr(s.start)}–${fr(s.end)} (${s.confidence.toFixed(2)})`).join(', ')
          : 'no proposals'),
    );
  }
  return lines.join('\n');
}

/**
 * The action proposals on a clip whose labels say nothing of actions (the real clips): none of them is
 * scored, but each is one a corrector would have to look at, so the eval shows them.
 */
export function unlabelledProposalsLine(r: ClipResult, fps: number): string {
  const segs = [...r.analysis.segments].sort((a, b) => a.trackId - b.trackId || a.start - b.start);
  const fr = (s: number) => Math.round(s * fps);
  return `${r.name}: action proposals (no actions labelled): ${
    segs.length ? segs.map((s) => `track ${s.trackId} ${s.actionClass} ${fr(s.start)}–${fr(s.end)}`).join(', ') : 'none'
  }`;
}

/** Frame numbers as runs: 3–7, 9, 12–14. */
const runsOf = (frames: number[]): string => {
  const out: string[] = [];
  for (let i = 0; i < frames.length;) {
    let j = i;
    while (j + 1 < frames.length && frames[j + 1] === frames[j] + 1) j++;
    out.push(i === j ? `${frames[i]}` : `${frames[i]}–${frames[j]}`);
    i = j + 1;
  }
  return out.join(', ');
};

/** Per labelled person: share of in-view frames matched, the tracks that covered them and their mean score. */
export function perPersonReport(r: ClipResult): string {
  const inView = new Map<string, number>();
  for (const f of r.scored) for (const g of f.gt) if (!g.dontCare) inView.set(g.id, (inView.get(g.id) ?? 0) + 1);
  const lines = [`${r.name}: per person`];
  for (const [id, n] of inView) {
    const hits = r.metrics.detections.filter((d) => d.gtId === id);
    const tracks = [...new Set(hits.map((d) => d.trackId))];
    const mean = hits.length ? hits.reduce((a, d) => a + d.score, 0) / hits.length : null;
    const found = new Set(hits.map((d) => d.frame));
    const missed = r.scored.filter((f) => f.gt.some((g) => g.id === id && !g.dontCare) && !found.has(f.frame));
    lines.push(
      `  ${id}: found on ${hits.length}/${n} frames (${((100 * hits.length) / n).toFixed(0)}%), tracks ${tracks.join(', ') || '–'}, mean score ${mean == null ? '–' : mean.toFixed(2)}; missed at ${runsOf(missed.map((f) => f.frame)) || '–'}`,
    );
  }
  return lines.join('\n');
}

/** Per track: its frames, the people it covered, and the frames where it was on no one (false positives). */
export function perTrackReport(r: ClipResult): string {
  const lines = [`${r.name}: per track`];
  const byTrack = new Map<number, ClipResult['metrics']['detections']>();
  for (const d of r.metrics.detections) {
    let list = byTrack.get(d.trackId);
    if (!list) byTrack.set(d.trackId, (list = []));
    list.push(d);
  }
  for (const [id, ds] of [...byTrack].sort((a, b) => a[0] - b[0])) {
    const people = new Map<string, number>();
    for (const d of ds) if (d.gtId) people.set(d.gtId, (people.get(d.gtId) ?? 0) + 1);
    const missed = ds.filter((d) => !d.matched && !d.ignored).map((d) => d.frame);
    const meanIou = ds.filter((d) => d.matched).reduce((a, d, _, all) => a + d.iou / all.length, 0);
    lines.push(
      `  track ${id}: frames ${ds[0].frame}–${ds[ds.length - 1].frame} (${ds.length}), on ${[...people].map(([g, n]) => `${g} ×${n}`).join(', ') || 'no one'}, mean IoU ${meanIou.toFixed(2)}; on no one at ${runsOf(missed) || '–'}`,
    );
  }
  return lines.join('\n');
}
