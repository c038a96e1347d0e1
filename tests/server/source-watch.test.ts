import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { makeClip } from '../helpers/fixtures';
import { scansSettled } from '../helpers/repo-admin';
import { loadConfig } from '../../server/config';
import { ingestJobs, sources, videos } from '../../server/db/schema';
import { watchSources, type SourceWatcher } from '../../server/services/storage/watch';

let t: TestApp;
let watcher: SourceWatcher;
let root: string;

beforeAll(async () => {
  t = await makeTestApp();
  root = path.join(t.dataDir, 'watched');
  fs.mkdirSync(root);
  await t.database.db.insert(sources).values({ root, label: 'Watched' });
  watcher = watchSources({ db: t.database.db, media: t.deps.media, parallelism: 2, quietMs: 50, log: () => {} });
  await watcher.sync();
});
afterAll(async () => {
  watcher.stop();
  await scansSettled(t);
  await t.close();
});

describe('watching sources', () => {
  test('is off unless VAT_WATCH_SOURCES turns it on', () => {
    expect(loadConfig({}).watchSources).toBe(false);
    expect(loadConfig({ VAT_WATCH_SOURCES: 'true' }).watchSources).toBe(true);
  });

  test('a clip copied into an enabled source appears without a re-ingest, scanned by the watcher', async () => {
    makeClip(t.deps.media.ffmpegPath, path.join(t.dataDir, 'new.mp4'));
    fs.copyFileSync(path.join(t.dataDir, 'new.mp4'), path.join(root, 'new.mp4'));
    for (;;) {
      const rows = await t.database.db.select().from(videos).where(eq(videos.filename, 'new.mp4'));
      if (rows.length) {
        expect(rows[0]).toMatchObject({ sourceRoot: root, width: 160 });
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await scansSettled(t);
    const jobs = await t.database.db.select().from(ingestJobs);
    expect(jobs.every((j) => j.jobType === 'scan' && j.initiatedBy === 'watcher')).toBe(true);
  });
});
