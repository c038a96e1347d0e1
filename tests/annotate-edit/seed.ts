// Seeds one video with person tracks and action segments straight into the database (API tests).
import type { Database } from '../../server/db/connect';
import { actionSegments, detections, videos } from '../../server/db/schema';

export interface SeededVideo {
  videoId: number;
  segmentIds: number[];
}

/** Tracks 1 and 2 over frames 0..9 (track 2 over 5..14), one segment each; 10 s, 30 fps, 300 frames. */
export async function seedAnnotatedVideo(
  database: Database,
  name = `clip_${Math.random().toString(36).slice(2)}.mp4`,
): Promise<SeededVideo> {
  const [v] = await database.db
    .insert(videos)
    .values({
      filename: name,
      path: `/tmp/vat-seed/${name}`,
      relPath: name,
      sourceRoot: '/tmp/vat-seed',
      duration: 10,
      width: 1280,
      height: 720,
      fps: 30,
      totalFrames: 300,
      processingStatus: 'completed',
    })
    .returning({ id: videos.id });
  const rows = [];
  for (let f = 0; f < 10; f++)
    rows.push({
      videoId: v.id,
      trackId: 1,
      frame: f,
      x1: 0.1,
      y1: 0.1,
      x2: 0.3,
      y2: 0.5,
      confidence: 0.9,
      keypoints: Array(51).fill(0.2),
    });
  for (let f = 5; f < 15; f++)
    rows.push({
      videoId: v.id,
      trackId: 2,
      frame: f,
      x1: 0.5,
      y1: 0.2,
      x2: 0.7,
      y2: 0.6,
      confidence: 0.8,
      keypoints: Array(51).fill(0.6),
    });
  await database.db.insert(detections).values(rows);
  const segs = await database.db
    .insert(actionSegments)
    .values([
      { videoId: v.id, trackId: 1, actionClass: 'run', startTime: 0, endTime: 2, confidence: 0.8 },
      { videoId: v.id, trackId: 2, actionClass: 'jump', startTime: 3, endTime: 4, confidence: 0.6 },
    ])
    .returning({ id: actionSegments.id });
  return { videoId: v.id, segmentIds: segs.map((s) => s.id) };
}
