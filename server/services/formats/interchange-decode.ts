// Reading an interchange file for an import: the format's decoder, then every detection by the import
// rules (domain/formats/import-limits.ts). Runs where import-parser.ts puts it (a worker thread for a large
// file) and answers columns (detection-columns.ts) instead of one object per detection.
import { FORMATS, FormatError, type FormatName, type FormatSegment, type FormatVideo } from '../../../domain/formats';
import { detectionProblem } from '../../../domain/formats/import-limits';
import { ColumnsBuilder, type DetectionColumns } from '../imports/detection-columns';

/** A file the import refuses; the message is the whole answer (a 422's detail). */
export class ImportRefusal extends Error {}

export interface DecodedInterchange {
  /** The file's tracks in order, with their number of rows and their action segments. */
  tracks: Array<{ trackId: number; rows: number; segments: FormatSegment[] }>;
  warnings: string[];
  /** Every detection, track by track (the file's track ids). */
  rows: DetectionColumns;
  /** Rows per frame of the file: frames[i] holds counts[i] of them. */
  perFrame: { frames: Int32Array; counts: Int32Array };
}

export function decodeInterchangeFile(format: FormatName, bytes: Uint8Array, video: FormatVideo): DecodedInterchange {
  let decoded;
  try {
    decoded = FORMATS[format].decode(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
      video,
    );
  } catch (e) {
    if (e instanceof FormatError) throw new ImportRefusal(`Not a valid ${format} file: ${e.message}`);
    throw e;
  }
  const builder = new ColumnsBuilder(decoded.tracks.reduce((n, t) => n + t.detections.length, 0));
  const perFrame = new Map<number, number>();
  for (const t of decoded.tracks) {
    for (const d of t.detections) {
      const wrong = detectionProblem(d, video.totalFrames);
      if (wrong) throw new ImportRefusal(`Not a valid ${format} file: track ${t.trackId} frame ${d.frame}: ${wrong}`);
      builder.push({
        ...d,
        trackId: t.trackId,
        // a frame the file marks filled in is derived, not a keyframe
        source: d.filled ? 'interpolated' : 'human',
        visibility: d.keypoints ? (d.visibility ?? null) : null,
      });
      perFrame.set(d.frame, (perFrame.get(d.frame) ?? 0) + 1);
    }
  }
  return {
    tracks: decoded.tracks.map((t) => ({ trackId: t.trackId, rows: t.detections.length, segments: t.segments ?? [] })),
    warnings: decoded.warnings,
    rows: builder.finish(),
    perFrame: { frames: Int32Array.from(perFrame.keys()), counts: Int32Array.from(perFrame.values()) },
  };
}
