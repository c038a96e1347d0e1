// The data of bench/import-stall.ts, made in a process of its own: a source video with `tracks × frames`
// seeded rows, its annotation package and its COCO keypoints file exported through the API, and the
// videos the imports go to (a package target under another root, and a video for the file).
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { sources, users, videos } from '../server/db/schema';
import { createMediaService } from '../server/media/media-service';
import { seedAnnotations } from '../scripts/seed-annotations';

export interface PreparedImport {
  from: string;
  to: string;
  rows: number;
  packageFile: string;
  packageBytes: number;
  cocoFile: string;
  cocoBytes: number;
  fileTargetId: number;
}

export async function prepareImportData(dataDir: string, frames: number, tracks: number): Promise<void> {
  const config = loadConfig(process.env);
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(dataDir, 'db'),
  });
  const media = createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
  const app = await buildApp({ config, database, media });
  const from = path.join(dataDir, 'from');
  const to = path.join(dataDir, 'to');
  await database.db.insert(users).values({ id: 'bench-admin', role: 'admin' });
  await database.db.insert(sources).values([
    { root: from, label: 'Bench', enabled: true },
    { root: to, label: 'Target', enabled: true },
  ]);
  const clip = { filename: 'crowd.mp4', relPath: 'crowd.mp4', totalFrames: frames, fps: 30, width: 1280, height: 720 };
  const [source, , fileTarget] = await database.db
    .insert(videos)
    .values([
      {
        ...clip,
        path: path.join(from, 'crowd.mp4'),
        sourceRoot: from,
        processingStatus: 'completed',
        aiProcessedAt: new Date(),
      },
      { ...clip, path: path.join(to, 'crowd.mp4'), sourceRoot: to, processingStatus: 'pending' },
      { ...clip, filename: 'other.mp4', relPath: 'other.mp4', path: path.join(to, 'other.mp4'), sourceRoot: to },
    ])
    .returning({ id: videos.id });
  const seeded = await seedAnnotations(database, { videoId: source.id, frameCount: frames, fps: 30, tracks });
  const headers = { 'x-user-id': 'bench-admin' };
  const pkg = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/export_source',
    headers,
    payload: { source_root: from, status: ['completed'], include_history: false },
  });
  const coco = await app.inject({ url: `/api/v1/annotations/${source.id}/export?format=coco-keypoints`, headers });
  if (pkg.statusCode !== 200 || coco.statusCode !== 200) throw new Error(`export: ${pkg.body} ${coco.body}`);
  const prepared: PreparedImport = {
    from,
    to,
    rows: seeded.detections,
    packageFile: path.join(dataDir, 'package.zip'),
    packageBytes: pkg.rawPayload.length,
    cocoFile: path.join(dataDir, 'crowd_coco_keypoints.json'),
    cocoBytes: coco.rawPayload.length,
    fileTargetId: fileTarget.id,
  };
  fs.writeFileSync(prepared.packageFile, pkg.rawPayload);
  fs.writeFileSync(prepared.cocoFile, coco.rawPayload);
  fs.writeFileSync(path.join(dataDir, 'prepared.json'), JSON.stringify(prepared));
  await app.close();
  await database.close();
}
