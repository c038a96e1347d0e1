// Compact annotation reads for the editor (DESIGN §5 extension; documented in the README's API section):
//   GET /api/v1/annotations/{id}/summary                  → tracks with frame ranges, segments, video_info
//   GET /api/v1/annotations/{id}/detections?from=&to=     → binary detection window [from, to), ≤ 2000 frames
// so a 1M-detection set shows its first frame without one giant JSON (GET /annotations/{id} stays for export).
import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { actionSegments, relationships } from '../../db/schema';
import { Invalid } from '../../domain-errors';
import { videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { segmentDto } from '../../services/annotation-set';
import { requireLiveVideo } from '../../services/videos';
import { encodeDetectionWindow, type DetectionRow } from '../../../domain/detection-window';

export const MAX_WINDOW_FRAMES = 2000;

const windowQuery = z.object({
  from: z.coerce.number().int().min(0).max(100_000_000),
  to: z.coerce.number().int().min(1).max(100_000_000),
});

// Distinct tracks by a skip scan over the (video_id, track_id, frame) primary key, then first/last frame
// per track from the same index: milliseconds even for a million detections (no full scan).
const TRACK_RANGES_SQL = `
with recursive t(track_id) as (
  (select track_id from detections where video_id = $1 order by track_id limit 1)
  union all
  select (select d.track_id from detections d where d.video_id = $1 and d.track_id > t.track_id order by d.track_id limit 1)
  from t where t.track_id is not null
)
select t.track_id,
  (select frame from detections d where d.video_id = $1 and d.track_id = t.track_id order by frame asc limit 1) as first,
  (select frame from detections d where d.video_id = $1 and d.track_id = t.track_id order by frame desc limit 1) as last
from t where t.track_id is not null order by t.track_id`;

const WINDOW_SQL = `
select track_id, frame, x1, y1, x2, y2, confidence, keypoints, source = 'human' as human
from detections where video_id = $1 and frame >= $2 and frame < $3 order by frame, track_id`;

export const annotationWindowRoutes: RoutePlugin = (app, { database }) => {
  const { db, sql } = database;

  app.get('/annotations/:id/summary', { schema: { params: videoIdParams } }, async (req, reply) => {
    const v = await requireLiveVideo(db, req.params.id);
    const ranges = await sql.query<{ track_id: number; first: number; last: number }>(TRACK_RANGES_SQL, [v.id]);
    const segs = await db.select().from(actionSegments).where(eq(actionSegments.videoId, v.id)).orderBy(asc(actionSegments.startTime), asc(actionSegments.id));
    const rels = await db.select().from(relationships).where(eq(relationships.videoId, v.id));
    reply.header('Cache-Control', 'no-store');
    return {
      video_info: { id: v.id, filename: v.filename, width: v.width, height: v.height, fps: v.fps, duration: v.duration, total_frames: v.totalFrames, frame_stride: v.frameStride },
      tracks: ranges.rows.map((r) => ({ track_id: Number(r.track_id), first_frame: Number(r.first), last_frame: Number(r.last) })),
      action_segments: segs.map(segmentDto),
      relationships: rels.map((r) => ({ id: r.id, subject_track_id: r.subjectTrackId, object_track_id: r.objectTrackId, kind: r.kind, start_time: r.startTime, end_time: r.endTime })),
      max_window_frames: MAX_WINDOW_FRAMES,
    };
  });

  app.get('/annotations/:id/detections', { schema: { params: videoIdParams, querystring: windowQuery } }, async (req, reply) => {
    const { from, to } = req.query;
    if (to <= from) throw new Invalid('to must be greater than from');
    if (to - from > MAX_WINDOW_FRAMES) throw new Invalid(`A window spans at most ${MAX_WINDOW_FRAMES} frames`);
    const v = await requireLiveVideo(db, req.params.id);
    const { rows } = await sql.query<DetectionRow>(WINDOW_SQL, [v.id, from, to]);
    const body = encodeDetectionWindow(from, to, rows);
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Detection-Count', String(rows.length));
    return reply.type('application/octet-stream').send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });
};
