// PostgreSQL's binary COPY format for detection rows. Text parsing of a million rows × 51 keypoint floats
// dominates a bulk write on PGlite (WebAssembly); in binary every value is a fixed-width copy.
import type { NewDetection } from './detection-bulk';

/** Columns in the order the encoded tuples carry them. */
export const COPY_COLUMNS = 'video_id, track_id, frame, x1, y1, x2, y2, confidence, keypoints, source, updated_by_id, updated_at';

const FLOAT4_OID = 700;
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];

class Writer {
  buf: Uint8Array<ArrayBuffer> = new Uint8Array(1 << 16);
  view = new DataView(this.buf.buffer);
  at = 0;
  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    next.set(this.buf.subarray(0, this.at));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  i16(v: number) { this.room(2); this.view.setInt16(this.at, v); this.at += 2; }
  i32(v: number) { this.room(4); this.view.setInt32(this.at, v); this.at += 4; }
  f32(v: number) { this.room(4); this.view.setFloat32(this.at, v); this.at += 4; }
  bytes(b: ArrayLike<number>) { this.room(b.length); this.buf.set(b, this.at); this.at += b.length; }
  /** A field: its byte length, then its value. */
  int4(v: number) { this.i32(4); this.i32(v); }
  float4(v: number) { this.i32(4); this.f32(v); }
  text(s: string | null | undefined) {
    if (s == null) { this.i32(-1); return; }
    const b = Buffer.from(s, 'utf8');
    this.i32(b.length); this.bytes(b);
  }
  timestamptz(d: Date | null | undefined) {
    if (!d) { this.i32(-1); return; }
    this.room(12); this.view.setInt32(this.at, 8);
    this.view.setBigInt64(this.at + 4, BigInt(d.getTime() - PG_EPOCH_MS) * 1000n); this.at += 12;
  }
  float4Array(xs: number[] | null) {
    if (!xs) { this.i32(-1); return; }
    if (!xs.length) { this.i32(12); this.i32(0); this.i32(0); this.i32(FLOAT4_OID); return; }
    this.i32(20 + xs.length * 8);
    this.i32(1); this.i32(0); this.i32(FLOAT4_OID); this.i32(xs.length); this.i32(1);
    for (const x of xs) this.float4(x);
  }
}

/** One COPY … FROM (FORMAT binary) payload of `rows` for video `videoId`. */
export function encodeCopyBinary(videoId: number, rows: NewDetection[]): Uint8Array<ArrayBuffer> {
  const w = new Writer();
  w.bytes(SIGNATURE); w.i32(0); w.i32(0);
  for (const r of rows) {
    w.i16(12);
    w.int4(videoId); w.int4(r.trackId); w.int4(r.frame);
    w.float4(r.x1); w.float4(r.y1); w.float4(r.x2); w.float4(r.y2); w.float4(r.confidence);
    w.float4Array(r.keypoints);
    w.text(r.source); w.text(r.updatedById); w.timestamptz(r.updatedAt);
  }
  w.i16(-1);
  return w.buf.subarray(0, w.at);
}
