// MOTChallenge CSV: one line per person and frame, `frame,id,bb_left,bb_top,bb_width,bb_height,conf,x,y,z`,
// frames counted from 1, boxes in pixels, the world coordinates -1 (2D tracking). Lines are ordered by
// frame, then id. Every frame the editor draws is a line (drawn-frames.ts): a stored box's conf is its
// confidence (0–1), a frame filled in between two stored boxes has conf -1 (FILLED_CONF). Both pass
// py-motmetrics' default filter (conf ≥ -1) and neither is 0, which CVAT's MOT importer and MOTChallenge
// ground truth read as "ignore this box". Reading accepts the ground-truth variant too (the columns after
// conf are ignored) and reads conf -1 back as a filled-in frame.
import { parse } from 'csv-parse/sync';
import {
  FormatError,
  TrackCollector,
  ordered,
  px,
  score4,
  type DecodedFile,
  type FormatTrack,
  type FormatVideo,
} from './model';
import { drawnTracks } from './drawn-frames';

/** MOT's conf on a frame filled in between two stored boxes. */
export const FILLED_CONF = -1;

export function encodeMot(video: FormatVideo, tracks: FormatTrack[]): string {
  const rows: Array<{ frame: number; id: number; line: string }> = [];
  for (const t of ordered(drawnTracks(video, tracks))) {
    for (const d of t.detections) {
      const x = px(d.x1 * video.width),
        y = px(d.y1 * video.height);
      const w = px(d.x2 * video.width - x),
        h = px(d.y2 * video.height - y);
      rows.push({
        frame: d.frame,
        id: t.trackId,
        line: `${d.frame + 1},${t.trackId},${x},${y},${w},${h},${d.filled ? FILLED_CONF : score4(d.confidence)},-1,-1,-1`,
      });
    }
  }
  rows.sort((a, b) => a.frame - b.frame || a.id - b.id);
  return rows.map((r) => `${r.line}\n`).join('');
}

export function decodeMot(text: string, video: FormatVideo): DecodedFile {
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: true, comment: '#' });
  } catch (e) {
    throw new FormatError(`Not CSV: ${(e as Error).message}`);
  }
  const collector = new TrackCollector();
  let beyond = 0;
  records.forEach((r, i) => {
    const where = `line ${i + 1}`;
    if (r.length < 6) throw new FormatError(`${where}: expected frame,id,x,y,w,h,conf,… (got ${r.length} fields)`);
    const n = r.slice(0, 7).map(Number);
    if (n.slice(0, r.length >= 7 ? 7 : 6).some((v) => !Number.isFinite(v)))
      throw new FormatError(`${where}: a field is not a number`);
    const [frame1, id, x, y, w, h] = n;
    if (!Number.isInteger(frame1) || frame1 < 1) throw new FormatError(`${where}: frame must be an integer from 1`);
    if (!Number.isInteger(id) || id < 0) throw new FormatError(`${where}: id must be a non-negative integer`);
    if (w < 0 || h < 0) throw new FormatError(`${where}: width and height must not be negative`);
    if (video.totalFrames > 0 && frame1 - 1 >= video.totalFrames) {
      beyond++;
      return;
    }
    // conf is a score in result files and a 0/1 "consider" flag in ground truth; either fits 0..1
    const conf = r.length >= 7 && n[6] >= 0 && n[6] <= 1 ? n[6] : 1;
    const filled = r.length >= 7 && n[6] === FILLED_CONF;
    collector.add(
      id,
      {
        frame: frame1 - 1,
        x1: x / video.width,
        y1: y / video.height,
        x2: (x + w) / video.width,
        y2: (y + h) / video.height,
        confidence: conf,
        keypoints: null,
        human: true,
        ...(filled ? { filled } : {}),
      },
      where,
    );
  });
  return {
    tracks: collector.tracks(),
    warnings: beyond ? [`${beyond} line(s) after the video's last frame were left out`] : [],
  };
}
