// Track merge rule: the merge track's frames replace the overlapping frames of the base
// track; its segments move to the base track. Used by the client command and mirrored by the server SQL.

/** Frames of the merged track: the base's, overwritten by the merge track's where both exist. */
export function mergeFrames<T>(
  base: Record<number, T> | undefined,
  merge: Record<number, T> | undefined,
): Record<number, T> {
  return { ...(base ?? {}), ...(merge ?? {}) };
}

export interface FrameRange {
  first: number;
  last: number;
}

export function mergeRanges(a: FrameRange | undefined, b: FrameRange | undefined): FrameRange | undefined {
  if (!a) return b;
  if (!b) return a;
  return { first: Math.min(a.first, b.first), last: Math.max(a.last, b.last) };
}

/** Why a merge cannot run yet (the dialog's texts), or null when it can. */
export function mergeProblem(trackCount: number, base: number | null, merge: number | null): string | null {
  if (trackCount < 2) return 'At least two tracks are required to merge.';
  if (base === null || merge === null || base === merge) return 'Please choose two different tracks.';
  return null;
}
