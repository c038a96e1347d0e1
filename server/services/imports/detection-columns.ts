// Imported detections as columns of typed arrays: what the import checker (a worker thread for large
// files, import-parser.ts) hands back. Typed arrays move between threads without a copy, and a row object
// is made only for the few thousand rows of one insert batch, never for the whole file at once.
import { WINDOW_SOURCE } from '../../../domain/detection-window';
import type { NewDetection } from '../../repositories/new-detection';

const KP = 51;
const JOINTS = 17;
/** A row's visibility byte when it stores none. */
const NO_VISIBILITY = 255;
const SOURCE_NAMES = Object.keys(WINDOW_SOURCE) as Array<keyof typeof WINDOW_SOURCE>;

export interface DetectionColumns {
  count: number;
  trackIds: Int32Array;
  frames: Int32Array;
  /** x1, y1, x2, y2, confidence per row. */
  boxes: Float32Array;
  /** 51 per row (NaN for an absent point); meaningful where hasKeypoints is 1. */
  keypoints: Float32Array;
  hasKeypoints: Uint8Array;
  /** WINDOW_SOURCE code per row. */
  sources: Uint8Array;
  /** 17 per row: 2 visible, 1 occluded, 0 absent; 255 when the row stores none. */
  visibility: Uint8Array;
  /** Rows a person changed: [row, updated_by_id, updated_at ISO]. */
  edits: Array<[number, string | null, string | null]>;
}

/** One row as the checkers see it before it is stored (keypoints and visibility may be views). */
export interface ColumnRow {
  trackId: number;
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  keypoints: ArrayLike<number> | null;
  source: string;
  visibility: ArrayLike<number> | null;
  updatedById?: string | null;
  updatedAt?: string | null;
}

/** Collects `capacity` rows at most into columns. */
export class ColumnsBuilder {
  private readonly c: DetectionColumns;

  constructor(capacity: number) {
    this.c = {
      count: 0,
      trackIds: new Int32Array(capacity),
      frames: new Int32Array(capacity),
      boxes: new Float32Array(capacity * 5),
      keypoints: new Float32Array(capacity * KP),
      hasKeypoints: new Uint8Array(capacity),
      sources: new Uint8Array(capacity),
      visibility: new Uint8Array(capacity * JOINTS).fill(NO_VISIBILITY),
      edits: [],
    };
  }

  push(r: ColumnRow): void {
    const c = this.c;
    const i = c.count++;
    c.trackIds[i] = r.trackId;
    c.frames[i] = r.frame;
    c.boxes[i * 5] = r.x1;
    c.boxes[i * 5 + 1] = r.y1;
    c.boxes[i * 5 + 2] = r.x2;
    c.boxes[i * 5 + 3] = r.y2;
    c.boxes[i * 5 + 4] = r.confidence;
    if (r.keypoints) {
      c.hasKeypoints[i] = 1;
      c.keypoints.set(r.keypoints, i * KP);
    }
    c.sources[i] = WINDOW_SOURCE[r.source as keyof typeof WINDOW_SOURCE] ?? WINDOW_SOURCE.ai;
    if (r.visibility?.length === JOINTS) c.visibility.set(r.visibility, i * JOINTS);
    if (r.updatedById || r.updatedAt) c.edits.push([i, r.updatedById ?? null, r.updatedAt ?? null]);
  }

  finish(): DetectionColumns {
    const c = this.c;
    const n = c.count;
    return {
      ...c,
      trackIds: c.trackIds.slice(0, n),
      frames: c.frames.slice(0, n),
      boxes: c.boxes.slice(0, n * 5),
      keypoints: c.keypoints.slice(0, n * KP),
      hasKeypoints: c.hasKeypoints.slice(0, n),
      sources: c.sources.slice(0, n),
      visibility: c.visibility.slice(0, n * JOINTS),
    };
  }
}

/** The buffers a worker hands over without copying them. */
export const columnBuffers = (c: DetectionColumns): ArrayBuffer[] =>
  [c.trackIds, c.frames, c.boxes, c.keypoints, c.hasKeypoints, c.sources, c.visibility].map(
    (a) => a.buffer as ArrayBuffer,
  );

/** Rows [from, to) as the bulk writer takes them; `trackId` maps a column's track id to the stored one. */
export function rowsOf(
  c: DetectionColumns,
  from: number,
  to: number,
  fixed: { version: number; updatedById?: string | null; updatedAt?: Date | null; source?: string },
  trackId: (id: number) => number = (id) => id,
): NewDetection[] {
  const edits = new Map<number, [string | null, string | null]>();
  for (const [row, by, at] of c.edits) if (row >= from && row < to) edits.set(row, [by, at]);
  const out: NewDetection[] = [];
  for (let i = from; i < to; i++) {
    const vis = c.visibility.subarray(i * JOINTS, (i + 1) * JOINTS);
    const edit = edits.get(i);
    out.push({
      trackId: trackId(c.trackIds[i]),
      frame: c.frames[i],
      x1: c.boxes[i * 5],
      y1: c.boxes[i * 5 + 1],
      x2: c.boxes[i * 5 + 2],
      y2: c.boxes[i * 5 + 3],
      confidence: c.boxes[i * 5 + 4],
      keypoints: c.hasKeypoints[i] ? Array.from(c.keypoints.subarray(i * KP, (i + 1) * KP)) : null,
      source: fixed.source ?? SOURCE_NAMES[c.sources[i]] ?? 'ai',
      updatedById: edit ? edit[0] : (fixed.updatedById ?? null),
      updatedAt: edit ? (edit[1] ? new Date(edit[1]) : null) : (fixed.updatedAt ?? null),
      version: fixed.version,
      keypointVisibility: vis[0] === NO_VISIBILITY ? null : Array.from(vis),
    });
  }
  return out;
}
