// A detection row as the bulk writers take it (processing results, package and format imports, undo
// restores, the seeding script), before the database gives it an id. Its own file so that the writers and
// the COPY encoder share it without importing each other.
export interface NewDetection {
  trackId: number;
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  /** 17 × [x, y, score] flattened; NaN is kept as NaN. */
  keypoints: number[] | null;
  source: string;
  updatedById?: string | null;
  updatedAt?: Date | null;
  /** The row's version (1 when absent); an undo restore puts rows back at theirs. */
  version?: number;
  /** 17 × 2 visible, 1 occluded, 0 absent as a person set them; null or absent: none stored. */
  keypointVisibility?: number[] | null;
}
