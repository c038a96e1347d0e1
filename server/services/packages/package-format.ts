// The annotation package (`vat-package` version 1), a zip:
// - `videos/000001.json`, … one entry per video: its relative path, probe facts, status and status
//   history, action segments, relationships, review issues with their threads, and tracks;
// - `manifest.json`, written LAST (its file list carries each entry's sha256, known only once the entry
//   has streamed out): format, version, source root and label, created_at, exported_by, counts, files.
// A track's detections travel as columns: `frames` (JSON ints), `boxes` (base64 of little-endian float32
// x1, y1, x2, y2, confidence per row), `keypoints` (base64 float32, 51 per row that has keypoints, NaN for
// an absent point), `with_keypoints` and `source` (one character per row: '1'/'0'; 'a' for ai, 'h' for a human keyframe, 'i' interpolated, 'o' an outside keyframe), and
// `edits` ([row, updated_by_id, updated_at] for rows a person changed), and `visibility` when a row of the
// track stores one: 17 characters per row, '2' visible, '1' occluded, '0' absent, '-' × 17 for a row that
// stores none (older packages leave it out: no row stores one). float32 columns are exactly what
// the database stores, so an import reproduces every value bit for bit.
import { z } from 'zod';
import type { NewDetection } from '../../repositories/new-detection';
import { VIDEO_STATUSES } from '../../../domain/constants';
import { detectionProblem, MAX_FRAME, MAX_TRACK_ID, TrackCounts } from '../../../domain/formats/import-limits';
import { lastIssueFrame, packageIssuesSchema } from '../review-issues/package-issues';

export const PACKAGE_FORMAT = 'vat-package';
export const PACKAGE_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const videoEntryName = (seq: number) => `videos/${String(seq).padStart(6, '0')}.json`;

const KP = 51;
const JOINTS = 17;
const NO_VISIBILITY = '-'.repeat(JOINTS);

const f32base64 = (values: number[]) => {
  const a = new Float32Array(values);
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
};
function f32decode(b64: string, expected: number, what: string): Float32Array {
  const buf = Buffer.from(b64, 'base64');
  if (buf.length !== expected * 4) throw new Error(`${what} holds ${buf.length / 4} values, expected ${expected}`);
  const copy = new Uint8Array(buf); // aligned copy for the float view
  return new Float32Array(copy.buffer, 0, expected);
}

/** One track's rows (by frame) in the column layout. */
/** One letter per row for the stored source (a package keeps keyframes, filled boxes and outside keyframes apart). */
const SOURCE_LETTER: Record<string, string> = { ai: 'a', human: 'h', interpolated: 'i', outside: 'o' };
const LETTER_SOURCE: Record<string, string> = Object.fromEntries(Object.entries(SOURCE_LETTER).map(([k, v]) => [v, k]));

export function encodeTrack(trackId: number, rows: NewDetection[]) {
  const boxes: number[] = [];
  const kps: number[] = [];
  let withKp = '';
  let source = '';
  const edits: Array<[number, string | null, string | null]> = [];
  rows.forEach((r, i) => {
    boxes.push(r.x1, r.y1, r.x2, r.y2, r.confidence);
    if (r.keypoints && r.keypoints.length === KP) {
      withKp += '1';
      for (const v of r.keypoints) kps.push(v);
    } else withKp += '0';
    source += SOURCE_LETTER[r.source] ?? 'a';
    if (r.updatedById || r.updatedAt) edits.push([i, r.updatedById ?? null, r.updatedAt?.toISOString() ?? null]);
  });
  const stored = rows.some((r) => r.keypointVisibility);
  const visibility = stored
    ? rows
        .map((r) => (r.keypointVisibility?.length === JOINTS ? r.keypointVisibility.join('') : NO_VISIBILITY))
        .join('')
    : undefined;
  return {
    track_id: trackId,
    frames: rows.map((r) => r.frame),
    boxes: f32base64(boxes),
    keypoints: f32base64(kps),
    with_keypoints: withKp,
    source,
    edits,
    ...(visibility ? { visibility } : {}),
  };
}

// ids, frames, times and confidences within what an edit accepts (the database's 4-byte integers included)
const trackId = z.number().int().min(0).max(MAX_TRACK_ID);
const seconds = z.number().min(0).max(1e7);
const unit = z.number().min(0).max(1);

export const trackSchema = z.object({
  track_id: trackId,
  frames: z.array(z.number().int().min(0).max(MAX_FRAME)),
  boxes: z.string(),
  keypoints: z.string(),
  with_keypoints: z.string().regex(/^[01]*$/),
  source: z.string().regex(/^[ahio]*$/),
  edits: z.array(
    z.tuple([
      z.number().int().min(0),
      z.string().max(200).nullable(),
      z.string().datetime({ offset: true }).nullable(),
    ]),
  ),
  visibility: z
    .string()
    .regex(/^[012-]*$/)
    .optional(),
});
export type PackageTrack = z.infer<typeof trackSchema>;

/** One row of a package track while it is read: the keypoints view the track's column (copy to keep them). */
export interface PackageRowView {
  frame: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  confidence: number;
  keypoints: Float32Array | null;
  source: string;
  updatedById: string | null;
  updatedAt: string | null;
  /** 17 × 0/1/2, or null: none stored. */
  visibility: number[] | null;
}

/**
 * Calls `each` for every row of a validated track, in order, without making an object per row (the view is
 * reused); throws with what is wrong when the columns disagree.
 */
export function forEachTrackRow(t: PackageTrack, each: (row: PackageRowView) => void): void {
  const n = t.frames.length;
  if (t.with_keypoints.length !== n || t.source.length !== n)
    throw new Error(`track ${t.track_id}: with_keypoints and source need one character per frame`);
  if (t.visibility !== undefined && t.visibility.length !== n * JOINTS)
    throw new Error(`track ${t.track_id}: visibility needs ${JOINTS} characters per frame`);
  const boxes = f32decode(t.boxes, n * 5, `track ${t.track_id} boxes`);
  let withKp = 0;
  for (let i = 0; i < n; i++) if (t.with_keypoints.charCodeAt(i) === 49) withKp++; // '1'
  const kps = f32decode(t.keypoints, withKp * KP, `track ${t.track_id} keypoints`);
  const edits = new Map(t.edits.map(([i, by, at]) => [i, { by, at }]));
  const seen = new Set<number>();
  const view = {} as PackageRowView;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const frame = t.frames[i];
    if (seen.has(frame)) throw new Error(`track ${t.track_id} has frame ${frame} twice`);
    seen.add(frame);
    const vis = t.visibility?.slice(i * JOINTS, (i + 1) * JOINTS);
    if (vis && vis !== NO_VISIBILITY && vis.includes('-'))
      throw new Error(`track ${t.track_id} frame ${frame}: visibility mixes '-' with values`);
    const edit = edits.get(i);
    view.frame = frame;
    view.x1 = boxes[i * 5];
    view.y1 = boxes[i * 5 + 1];
    view.x2 = boxes[i * 5 + 2];
    view.y2 = boxes[i * 5 + 3];
    view.confidence = boxes[i * 5 + 4];
    view.keypoints = t.with_keypoints[i] === '1' ? kps.subarray(k * KP, ++k * KP) : null;
    view.source = LETTER_SOURCE[t.source[i]] ?? 'ai';
    view.updatedById = edit?.by ?? null;
    view.updatedAt = edit?.at ?? null;
    view.visibility = vis && vis !== NO_VISIBILITY ? [...vis].map(Number) : null;
    each(view);
  }
}

/** The rows of a validated track; throws with what is wrong when the columns disagree. */
export function decodeTrack(t: PackageTrack): NewDetection[] {
  const rows: NewDetection[] = [];
  forEachTrackRow(t, (r) =>
    rows.push({
      trackId: t.track_id,
      frame: r.frame,
      x1: r.x1,
      y1: r.y1,
      x2: r.x2,
      y2: r.y2,
      confidence: r.confidence,
      keypoints: r.keypoints ? Array.from(r.keypoints) : null,
      source: r.source,
      updatedById: r.updatedById,
      updatedAt: r.updatedAt ? new Date(r.updatedAt) : null,
      keypointVisibility: r.visibility,
    }),
  );
  return rows;
}

/**
 * Every detection of a video meets the import rules (domain/formats/import-limits.ts): numbers an edit
 * could store, frames inside the video's `total_frames`, tracks per frame and per video. Throws naming
 * the track and frame. `keep` sees each row once it passed (its view is reused).
 */
export function checkVideoDetections(
  v: Pick<PackageVideo, 'tracks' | 'probe' | 'review_issues'>,
  keep?: (trackId: number, row: PackageRowView) => void,
): void {
  const counts = new TrackCounts();
  for (const t of v.tracks) {
    forEachTrackRow(t, (row) => {
      const wrong = detectionProblem(row, v.probe.total_frames);
      if (wrong) throw new Error(`track ${t.track_id} frame ${row.frame}: ${wrong}`);
      const over = counts.add(t.track_id, row.frame);
      if (over) throw new Error(`track ${t.track_id}: ${over}`);
      keep?.(t.track_id, row);
    });
  }
  const issueFrame = lastIssueFrame(v.review_issues);
  if (v.probe.total_frames > 0 && issueFrame >= v.probe.total_frames)
    throw new Error(`a review issue names frame ${issueFrame}, outside the video's ${v.probe.total_frames} frames`);
}

const status = z.enum(VIDEO_STATUSES);
const isoOrNull = z.string().datetime({ offset: true }).nullable();

export const videoEntrySchema = z.object({
  format: z.literal(`${PACKAGE_FORMAT}-video`),
  version: z.literal(PACKAGE_VERSION),
  rel_path: z.string().min(1).max(4096),
  filename: z.string().min(1).max(1024),
  probe: z.object({
    width: z.number().int(),
    height: z.number().int(),
    fps: z.number(),
    fps_num: z.number().int(),
    fps_den: z.number().int(),
    duration: z.number(),
    total_frames: z.number().int().min(0).max(MAX_FRAME),
    codec: z.string().nullable(),
    size_bytes: z.number(),
    frame_stride: z.number().int().min(1),
  }),
  status,
  previous_status: status.nullable(),
  ai_processed_at: isoOrNull,
  last_status_by_id: z.string().max(200).nullable(),
  last_status_changed_at: isoOrNull,
  status_history: z.array(
    z.object({
      changed_at: z.string().datetime({ offset: true }),
      old_status: z.string().max(40).nullable(),
      new_status: z.string().max(40),
      remark: z.string().max(10_000).nullable(),
      changed_by_id: z.string().max(200).nullable(),
    }),
  ),
  action_segments: z.array(
    z.object({
      track_id: trackId,
      action_class: z.string().max(60),
      start_time: seconds,
      end_time: seconds,
      confidence: unit,
      human_verified: z.boolean(),
      created_by_id: z.string().max(200).nullable(),
      created_at: isoOrNull,
      updated_by_id: z.string().max(200).nullable(),
      updated_at: isoOrNull,
    }),
  ),
  relationships: z.array(
    z.object({
      subject_track_id: trackId,
      object_track_id: trackId,
      kind: z.string().max(60),
      start_time: seconds,
      end_time: seconds,
    }),
  ),
  processing_log: z.array(z.object({ at: z.string().datetime({ offset: true }), line: z.string() })).optional(),
  /** Review issues with their threads (absent in packages made before issues existed). */
  review_issues: packageIssuesSchema.optional(),
  tracks: z.array(trackSchema),
});
export type PackageVideo = z.infer<typeof videoEntrySchema>;

export const manifestSchema = z.object({
  format: z.literal(PACKAGE_FORMAT),
  version: z.literal(PACKAGE_VERSION),
  source_root: z.string(),
  source_label: z.string().nullable(),
  created_at: z.string(),
  exported_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  statuses: z.array(z.string()),
  counts: z.object({
    videos: z.number().int(),
    detections: z.number().int(),
    segments: z.number().int(),
    relationships: z.number().int(),
    history: z.number().int(),
  }),
  files: z.array(
    z.object({
      path: z.string(),
      rel_path: z.string(),
      bytes: z.number().int(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type PackageManifest = z.infer<typeof manifestSchema>;
