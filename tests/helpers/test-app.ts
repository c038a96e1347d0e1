// Builds the real app over a real database for API tests: in-memory PGlite by default, or a fresh
// PostgreSQL database per test file when VAT_TEST_DATABASE_URL is set (the CI PostgreSQL run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { connectDatabase, type Database } from '../../server/db/connect';
import { createMediaService } from '../../server/media/media-service';
import type { App, AppDeps } from '../../server/http/types';
import type { JobQueue } from '../../server/queue';

export interface TestApp {
  app: App;
  deps: AppDeps;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export async function freshPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vat_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function makeTestApp(
  opts: { env?: Record<string, string>; queue?: (db: Database) => Promise<JobQueue>; now?: () => Date } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-test-'));
  const pgUrl = process.env.VAT_TEST_DATABASE_URL;
  const pgDb = pgUrl ? await freshPostgres(pgUrl) : null;
  // FFMPEG_PATH/FFPROBE_PATH pass through so that a run can pick the ffmpeg build it tests (CI runs some suites with the npm one)
  const config = loadConfig({
    DATA_DIR: dataDir,
    VAT_LOG_LEVEL: 'silent',
    VAT_STRICT_RESPONSES: '1',
    VAT_STATIC_DIR: path.join(dataDir, 'no-static'),
    FFMPEG_PATH: process.env.FFMPEG_PATH,
    FFPROBE_PATH: process.env.FFPROBE_PATH,
    ...opts.env,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  // PGlite starts from the migrated empty database tests/global-setup.ts built (the same as a fresh one)
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: 4,
    loadDataDir: config.databaseUrl ? undefined : new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
  });
  const media = createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
  const queue = opts.queue ? await opts.queue(database) : undefined;
  const deps: AppDeps = { config, database, media, queue, now: opts.now };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await queue?.stop();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers of a signed-in user (the role header is informational; the server decides). */
export const as = (id: string, role = 'annotator', name?: string) => ({
  'x-user-id': id,
  'x-user-role': role,
  ...(name ? { 'x-user-name': name } : {}),
});

/** Stores a user with a role (the only way a role is granted: the users table). */
export async function seedUser(database: Database, id: string, role: 'annotator' | 'admin' | 'super', name?: string) {
  const { users } = await import('../../server/db/schema');
  await database.db
    .insert(users)
    .values({ id, role, name: name ?? null })
    .onConflictDoUpdate({ target: users.id, set: { role } });
}
