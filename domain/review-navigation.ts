// Review navigation: the compact per-track summary the server sends (presence runs, low-confidence runs,
// heavy box overlaps, verified marks) and the pure functions that turn it into the frames a reviewer jumps
// between. Nothing here needs the detections themselves, so a 1M-detection video is walked from a few
// kilobytes. Shared by the server (which builds the summary) and the Annotate screen (which walks it).

import type { ReviewSummary, TrackReviewSummary } from './contract/annotations';

/** The summary's types are inferred from its schema in the API contract. */
export type { OverlapCap, ReviewSummary, TrackReviewSummary, TrackVerifiedMark } from './contract/annotations';

/** Two boxes of one frame overlapping by more than this IoU are a likely identity swap. */
export const OVERLAP_IOU = 0.5;

/** The problem kinds, in the order the selector lists them. */
export const PROBLEM_KINDS = ['issue', 'low', 'edge', 'gap', 'proposal', 'overlap'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
/** 'all' walks every kind at once. */
export type ProblemFilter = ProblemKind | 'all';

export const PROBLEM_LABEL: Record<ProblemFilter, string> = {
  all: 'All problems',
  issue: 'Open review issue',
  low: 'Low confidence',
  edge: 'Track start / end',
  gap: 'Gap in a track',
  proposal: 'Unverified proposal',
  overlap: 'Heavy overlap (ID swap?)',
};

/** What the problem list needs besides the summary: proposals (from the segments) and hidden tracks. */
export interface ProblemInputs {
  summary: ReviewSummary | null;
  /** Segments not verified by a person, as [track, start frame]. */
  proposals: readonly (readonly [number, number])[];
  hidden?: readonly number[];
  /** Leave out tracks with a verified mark that was not edited since (they were reviewed already). */
  skipVerified?: boolean;
  /** Open review issues: where each starts, its track (null: none, or gone) and id. A reviewer raised them
   *  on purpose, so neither a verified mark nor a hidden track leaves them out. */
  issues?: readonly { frame: number; trackId: number | null; id: number }[];
}

const isDone = (t: TrackReviewSummary) => !!t.verified && !t.verified.edited_at;

/** One place to look at: where it starts, what it is, and the track it concerns (the first of an overlap's
 *  two; null for an issue on no track), and for a review issue its id. */
export interface Problem {
  frame: number;
  kind: ProblemKind;
  trackId: number | null;
  issueId?: number;
}

/** Every problem of `filter`, by frame (then track). */
export function findProblems(filter: ProblemFilter, inp: ProblemInputs): Problem[] {
  const out: Problem[] = [];
  const want = (k: ProblemKind) => filter === 'all' || filter === k;
  const hidden = new Set(inp.hidden ?? []);
  const skip = new Set<number>();
  for (const t of inp.summary?.tracks ?? [])
    if (hidden.has(t.track_id) || (inp.skipVerified && isDone(t))) skip.add(t.track_id);
  for (const t of inp.summary?.tracks ?? []) {
    if (skip.has(t.track_id)) continue;
    const r = t.runs;
    const trackId = t.track_id;
    if (want('edge') && r.length >= 2)
      out.push({ frame: r[0], kind: 'edge', trackId }, { frame: r[r.length - 1], kind: 'edge', trackId });
    // A gap starts at the first missing frame after a run that another run follows.
    if (want('gap')) for (let i = 1; i + 2 < r.length; i += 2) out.push({ frame: r[i] + 1, kind: 'gap', trackId });
    if (want('low')) for (let i = 0; i < t.low.length; i += 2) out.push({ frame: t.low[i], kind: 'low', trackId });
  }
  if (want('issue'))
    for (const i of inp.issues ?? []) out.push({ frame: i.frame, kind: 'issue', trackId: i.trackId, issueId: i.id });
  if (want('proposal'))
    for (const [trackId, frame] of inp.proposals)
      if (!hidden.has(trackId)) out.push({ frame, kind: 'proposal', trackId });
  if (want('overlap')) {
    for (const [a, b, frame] of inp.summary?.overlaps ?? []) {
      if (!(skip.has(a) && skip.has(b)) && !hidden.has(a) && !hidden.has(b))
        out.push({ frame, kind: 'overlap', trackId: skip.has(a) ? b : a });
    }
  }
  return out.sort((x, y) => x.frame - y.frame || (x.trackId ?? -1) - (y.trackId ?? -1));
}

/** Sorted, distinct frames where a problem of `filter` starts. */
export function problemFrames(filter: ProblemFilter, inp: ProblemInputs): number[] {
  const frames = findProblems(filter, inp).map((p) => p.frame);
  return frames.filter((f, i) => i === 0 || f !== frames[i - 1]);
}

/** The first problem frame after `current` (dir 1) or before it (dir -1); null when there is none. */
export function nextProblem(frames: readonly number[], current: number, dir: 1 | -1): number | null {
  // binary search: first index with frames[i] > current
  let lo = 0;
  let hi = frames.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (frames[mid] > current) hi = mid;
    else lo = mid + 1;
  }
  if (dir === 1) return lo < frames.length ? frames[lo] : null;
  let i = lo - 1;
  while (i >= 0 && frames[i] >= current) i--;
  return i >= 0 ? frames[i] : null;
}
