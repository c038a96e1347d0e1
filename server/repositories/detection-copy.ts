// PostgreSQL's binary COPY format for detection rows. Text parsing of a million rows × 51 keypoint floats
// dominates a bulk write on PGlite (WebAssembly); in binary every value is a fixed-width copy.
import type { DetectionRow } from '../../domain/detection-window';
import type { ReviewDetections } from '../../domain/review-runs';
import type { NewDetection } from './new-detection';

/** Columns of detection_rows in the order the encoded tuples carry them. */
export const COPY_COLUMNS =
  'video_id, track_id, frame, x1, y1, x2, y2, confidence, keypoints, source, updated_by_id, updated_at, version, keypoint_visibility, gen, staging_id';

/** Where written rows land: the video's generation, and the import staging that hides them (null: live at once). */
export interface RowPlace {
  gen: number;
  stagingId: number | null;
}

const FLOAT4_OID = 700;
const INT2_OID = 21;
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
/** Signature, flags and header-extension length before the first tuple (the trailer is 2 bytes). */
export const COPY_HEADER_BYTES = SIGNATURE.length + 8;

const textBytes = (s: string | null | undefined) => (s == null ? null : Buffer.from(s, 'utf8'));

/**
 * One COPY … FROM (FORMAT binary) payload of `rows` for video `videoId`. The size is counted first and
 * the buffer written in one pass (no growth, no per-value bounds checks): this runs for every row of a
 * processing result or an import.
 */
export function encodeCopyBinary(videoId: number, rows: NewDetection[], place: RowPlace): Uint8Array<ArrayBuffer> {
  const sources = rows.map((r) => textBytes(r.source));
  const editors = rows.map((r) => textBytes(r.updatedById));
  let size = SIGNATURE.length + 8 + 2;
  for (let i = 0; i < rows.length; i++) {
    const kp = rows[i].keypoints;
    size +=
      2 +
      3 * 8 +
      5 * 8 +
      4 +
      (kp ? (kp.length ? 20 + kp.length * 8 : 12) : 0) +
      4 +
      (sources[i]?.length ?? 0) +
      4 +
      (editors[i]?.length ?? 0) +
      4 +
      (rows[i].updatedAt ? 8 : 0) +
      8;
    const vis = rows[i].keypointVisibility;
    size += 4 + (vis ? 20 + vis.length * 6 : 0) + 8 + (place.stagingId === null ? 4 : 8);
  }
  const buf = new Uint8Array(size);
  const view = new DataView(buf.buffer);
  buf.set(SIGNATURE);
  let at = SIGNATURE.length + 8; // flags and header extension length: 0
  const int4 = (v: number) => {
    view.setInt32(at, 4);
    view.setInt32(at + 4, v);
    at += 8;
  };
  const float4 = (v: number) => {
    view.setInt32(at, 4);
    view.setFloat32(at + 4, v);
    at += 8;
  };
  const bytes = (b: Uint8Array | null) => {
    if (!b) {
      view.setInt32(at, -1);
      at += 4;
      return;
    }
    view.setInt32(at, b.length);
    buf.set(b, at + 4);
    at += 4 + b.length;
  };
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    view.setInt16(at, 16);
    at += 2;
    int4(videoId);
    int4(r.trackId);
    int4(r.frame);
    float4(r.x1);
    float4(r.y1);
    float4(r.x2);
    float4(r.y2);
    float4(r.confidence);
    const kp = r.keypoints;
    if (!kp) {
      view.setInt32(at, -1);
      at += 4;
    } else if (!kp.length) {
      view.setInt32(at, 12);
      view.setInt32(at + 4, 0);
      view.setInt32(at + 8, 0);
      view.setInt32(at + 12, FLOAT4_OID);
      at += 16;
    } else {
      view.setInt32(at, 20 + kp.length * 8);
      view.setInt32(at + 4, 1);
      view.setInt32(at + 8, 0);
      view.setInt32(at + 12, FLOAT4_OID);
      view.setInt32(at + 16, kp.length);
      view.setInt32(at + 20, 1);
      at += 24;
      for (let j = 0; j < kp.length; j++) {
        view.setInt32(at, 4);
        view.setFloat32(at + 4, kp[j]);
        at += 8;
      }
    }
    bytes(sources[i]);
    bytes(editors[i]);
    if (!r.updatedAt) {
      view.setInt32(at, -1);
      at += 4;
    } else {
      view.setInt32(at, 8);
      view.setBigInt64(at + 4, BigInt(r.updatedAt.getTime() - PG_EPOCH_MS) * 1000n);
      at += 12;
    }
    int4(r.version ?? 1);
    const vis = r.keypointVisibility;
    if (!vis) {
      view.setInt32(at, -1);
      at += 4;
    } else {
      view.setInt32(at, 20 + vis.length * 6);
      view.setInt32(at + 4, 1);
      view.setInt32(at + 8, 0);
      view.setInt32(at + 12, INT2_OID);
      view.setInt32(at + 16, vis.length);
      view.setInt32(at + 20, 1);
      at += 24;
      for (const v of vis) {
        view.setInt32(at, 2);
        view.setInt16(at + 4, v);
        at += 6;
      }
    }
    int4(place.gen);
    if (place.stagingId === null) {
      view.setInt32(at, -1);
      at += 4;
    } else int4(place.stagingId);
  }
  view.setInt16(at, -1);
  return buf;
}

/** The window's source byte (WINDOW_SOURCE) of a stored source, as an int4. */
export const SOURCE_BYTE_SQL =
  "(case source when 'human' then 1 when 'interpolated' then 2 when 'outside' then 3 else 0 end)::int4";

/** Columns (and their order) of a detection window read as binary COPY: see decodeWindowCopy. */
export const WINDOW_COPY_COLUMNS = `track_id, frame, x1, y1, x2, y2, confidence, keypoints, ${SOURCE_BYTE_SQL}, version, keypoint_visibility`;

/**
 * Rows of a binary COPY of WINDOW_COPY_COLUMNS (int4, int4, 5 × float4, float4[] or NULL, int4, int4, int2[] or
 * NULL). Values
 * are big-endian; keypoints land in one Float32Array that each row views.
 */
export function decodeWindowCopy(bytes: Uint8Array): DetectionRow[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = SIGNATURE.length + 4;
  at += 4 + view.getInt32(at); // header extension
  const rows: DetectionRow[] = [];
  let kp = new Float32Array(0);
  let kpAt = 0;
  const float4 = () => {
    const v = view.getFloat32(at + 4);
    at += 8;
    return v;
  };
  for (;;) {
    const fields = view.getInt16(at);
    at += 2;
    if (fields === -1) break;
    if (fields !== 11) throw new Error(`detection window COPY: ${fields} fields, expected 11`);
    const track = view.getInt32(at + 4);
    const frame = view.getInt32(at + 12);
    at += 16;
    const x1 = float4(),
      y1 = float4(),
      x2 = float4(),
      y2 = float4(),
      confidence = float4();
    const kpLength = view.getInt32(at);
    at += 4;
    let keypoints: Float32Array | null = null;
    if (kpLength >= 0) {
      const end = at + kpLength;
      const dims = view.getInt32(at);
      const n = dims === 0 ? 0 : view.getInt32(at + 12);
      at += 12 + dims * 8;
      if (kpAt + n > kp.length) {
        kp = new Float32Array(Math.max(n, 51 * 1024));
        kpAt = 0;
      }
      keypoints = kp.subarray(kpAt, kpAt + n);
      for (let j = 0; j < n; j++) {
        const len = view.getInt32(at);
        at += 4;
        keypoints[j] = len < 0 ? NaN : view.getFloat32(at);
        if (len > 0) at += len;
      }
      kpAt += n;
      at = end;
    }
    const source = view.getInt32(at + 4);
    at += 8;
    const version = view.getInt32(at + 4);
    at += 8;
    const visLength = view.getInt32(at);
    at += 4;
    let visibility: number[] | null = null;
    if (visLength >= 0) {
      const end = at + visLength;
      const dims = view.getInt32(at);
      const n = dims === 0 ? 0 : view.getInt32(at + 12);
      at += 12 + dims * 8;
      visibility = [];
      for (let j = 0; j < n; j++) {
        const len = view.getInt32(at);
        at += 4;
        visibility.push(len < 0 ? 2 : view.getInt16(at));
        if (len > 0) at += len;
      }
      at = end;
    }
    rows.push({
      track_id: track,
      frame,
      x1,
      y1,
      x2,
      y2,
      confidence,
      keypoints,
      human: source === 1,
      source,
      version,
      keypoint_visibility: visibility,
    });
  }
  return rows;
}

/** Columns (and their order) of the review summary's read as binary COPY: see decodeReviewCopy. */
// an outside keyframe is no box: its confidence reads OUTSIDE_ROW_CONFIDENCE (domain/review-runs.ts) so the runs end there
export const REVIEW_COPY_COLUMNS =
  "track_id, frame, case when source = 'outside' then -1::real else confidence end as confidence, x1, y1, x2, y2";

/** Rows of a binary COPY of REVIEW_COPY_COLUMNS (int4, int4, 5 × float4, none NULL), in columns. */
export function decodeReviewCopy(bytes: Uint8Array): ReviewDetections {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = SIGNATURE.length + 4;
  at += 4 + view.getInt32(at); // header extension
  // every tuple is 2 + 7 × 8 bytes: the count is known before decoding
  const n = Math.max(0, Math.floor((bytes.byteLength - at - 2) / 58));
  const d: ReviewDetections = {
    length: n,
    track: new Int32Array(n),
    frame: new Int32Array(n),
    confidence: new Float32Array(n),
    box: new Float32Array(4 * n),
  };
  for (let i = 0; i < n; i++, at += 58) {
    const fields = view.getInt16(at);
    if (fields !== 7) throw new Error(`review COPY: ${fields} fields, expected 7`);
    d.track[i] = view.getInt32(at + 6);
    d.frame[i] = view.getInt32(at + 14);
    d.confidence[i] = view.getFloat32(at + 22);
    for (let k = 0; k < 4; k++) d.box[4 * i + k] = view.getFloat32(at + 30 + 8 * k);
  }
  if (view.getInt16(at) !== -1) throw new Error('review COPY: missing trailer');
  return d;
}
