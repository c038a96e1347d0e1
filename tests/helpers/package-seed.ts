// A source with videos in several statuses, each with tracks, keypoints, segments, a relationship and a
// status history: the material of the package export and import tests.
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../server/db/connect';
import { actionSegments, detections, relationships, sources, statusHistory, videos } from '../../server/db/schema';

export async function seedPackageSource(database: Database, root: string, label: string) {
  const { db } = database;
  await db.insert(sources).values({ root, label, enabled: true });
  const statuses = ['completed', 'reviewed', 'labelled', 'kiv', 'pending'];
  const ids: number[] = [];
  for (const [i, status] of statuses.entries()) {
    const rel = `day ${i}/clip_${i}.mp4`;
    const [v] = await db
      .insert(videos)
      .values({
        filename: `clip_${i}.mp4`,
        path: `${root}/${rel}`,
        relPath: rel,
        sourceRoot: root,
        processingStatus: status,
        previousStatus: i === 3 ? 'completed' : null,
        width: 640,
        height: 360,
        fps: 29.97,
        fpsNum: 30000,
        fpsDen: 1001,
        totalFrames: 300,
        duration: 10.01,
        codec: 'h264',
        sizeBytes: 1000 + i,
        frameStride: 2,
        aiProcessedAt: new Date('2026-01-02T03:04:05.678Z'),
        lastStatusById: 'rev@example.com',
        lastStatusChangedAt: new Date('2026-01-03T00:00:00Z'),
      })
      .returning({ id: videos.id });
    ids.push(v.id);
    const kp = (f: number) =>
      Array.from({ length: 51 }, (_, k) => (k % 3 === 2 ? (k === 5 ? NaN : 0.9) : 0.1 + (k + f) / 1000));
    await db.insert(detections).values([
      ...[0, 2, 4].map((f) => ({
        videoId: v.id,
        trackId: 1,
        frame: f,
        x1: 0.1 + f / 100,
        y1: 0.2,
        x2: 0.3 + f / 100,
        y2: 0.8,
        confidence: 0.91,
        keypoints: kp(f),
      })),
      {
        videoId: v.id,
        trackId: 2,
        frame: 2,
        x1: 0.5,
        y1: 0.25,
        x2: 0.6,
        y2: 0.75,
        confidence: 1,
        keypoints: null,
        source: 'human',
        updatedById: 'ann@example.com',
        updatedAt: new Date('2026-01-04T10:00:00.123Z'),
      },
    ]);
    await db.insert(actionSegments).values([
      {
        videoId: v.id,
        trackId: 1,
        actionClass: 'run',
        startTime: 0,
        endTime: 0.5,
        confidence: 0.7,
        humanVerified: true,
        createdById: 'ann@example.com',
      },
      {
        videoId: v.id,
        trackId: 2,
        actionClass: 'sit',
        startTime: 0.1,
        endTime: 0.2,
        confidence: 0.4,
        humanVerified: false,
      },
    ]);
    await db
      .insert(relationships)
      .values({ videoId: v.id, subjectTrackId: 1, objectTrackId: 2, kind: 'talks_to', startTime: 0, endTime: 0.3 });
    await db.insert(statusHistory).values([
      {
        videoId: v.id,
        oldStatus: 'pending',
        newStatus: 'completed',
        changedAt: new Date('2026-01-02T03:04:05Z'),
        remark: null,
        changedById: null,
      },
      {
        videoId: v.id,
        oldStatus: 'completed',
        newStatus: status,
        changedAt: new Date('2026-01-03T00:00:00Z'),
        remark: `set to ${status}`,
        changedById: 'rev@example.com',
      },
    ]);
  }
  return ids;
}

/**
 * The same four clips in another environment (`root`), unannotated, with their files on disk: where the
 * package of seedPackageSource is imported. `framesOf(i)` gives clip i's frame count (300 by default).
 */
export async function seedTargetSource(database: Database, root: string, framesOf: (i: number) => number = () => 300) {
  await database.db.insert(sources).values({ root, label: 'Target', enabled: true });
  for (let i = 0; i < 4; i++) {
    const rel = `day ${i}/clip_${i}.mp4`;
    fs.mkdirSync(path.join(root, `day ${i}`), { recursive: true });
    fs.writeFileSync(path.join(root, rel), 'video');
    await database.db.insert(videos).values({
      filename: `clip_${i}.mp4`,
      path: path.join(root, rel),
      relPath: rel,
      sourceRoot: root,
      processingStatus: 'pending',
      width: 640,
      height: 360,
      totalFrames: framesOf(i),
    });
  }
}
