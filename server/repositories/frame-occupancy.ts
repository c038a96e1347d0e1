// How many tracks a video already has on given frames: an import may not push a frame past its limit.
import type { SqlRunner } from '../db/connect';

/** Detections (one per track) per frame, for those of `frames` that hold any. */
export async function countTracksOnFrames(
  sql: SqlRunner,
  videoId: number,
  frames: number[],
): Promise<Map<number, number>> {
  if (!frames.length) return new Map();
  const { rows } = await sql.query<{ frame: number; n: number }>(
    'select frame, count(*)::int as n from detections where video_id = $1 and frame = any($2::int[]) group by frame',
    [videoId, frames],
  );
  return new Map(rows.map((r) => [Number(r.frame), Number(r.n)]));
}
