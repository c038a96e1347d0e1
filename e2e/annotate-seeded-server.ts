// A second real server for the Annotate e2e specs and benchmarks whose detections must be known exactly:
// a fresh PGlite data dir, loaded from the empty migrated template of e2e/global-setup.ts (migrated here
// when run outside Playwright), is seeded in this process (scripts/seed-annotations.ts, the same SQL the
// CLI runs), then `tsx server/main.ts` serves it on a free loopback port with the built SPA.
// (The shared e2e server cannot be seeded this way: PGlite allows one process per data dir.)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, type Database } from '../server/db/connect';
import { sources, videos } from '../server/db/schema';
import type { Video } from '../domain/types';

export interface SeedVideo {
  filename: string;
  path: string;
  sourceRoot: string;
  fps: number;
  width: number;
  height: number;
  duration: number;
  totalFrames: number;
  status?: string;
  frameStride?: number;
}

/** A library video (as the API lists it) as a row for a seeded server. */
export function seedVideoOf(v: Video, status?: string): SeedVideo {
  return {
    filename: v.filename,
    path: v.path,
    sourceRoot: v.source_root,
    fps: v.fps,
    width: v.width,
    height: v.height,
    duration: v.duration,
    totalFrames: v.total_frames,
    ...(status ? { status } : {}),
  };
}

export interface SeededServer {
  baseURL: string;
  ids: number[];
  dataDir: string;
  /** What the server printed on stdout so far (e.g. the one-time setup link of password mode). */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`seeded server exited with code ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`seeded server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * `keepDir`: a data dir kept between runs (benchmarks): seeded on the first run, reused afterwards
 * (ids are then the videos already stored, in id order) and not deleted on stop. `env` overrides the
 * server's environment (e.g. VAT_WORKER=1 for a spec that needs the job worker).
 */
export async function startSeededServer(
  list: SeedVideo[],
  seed: (database: Database, ids: number[]) => Promise<void>,
  keepDir?: string,
  env: Record<string, string> = {},
): Promise<SeededServer> {
  const reuse = !!keepDir && fs.existsSync(path.join(keepDir, 'db'));
  const dataDir = keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vat-annotate-'));
  const ids = reuse ? await storedIds(dataDir) : await createAndSeed(dataDir, list, seed);
  return serve(dataDir, ids, !keepDir, env);
}

async function storedIds(dataDir: string): Promise<number[]> {
  const database = await connectDatabase({ dataDir: path.join(dataDir, 'db') });
  const rows = await database.sql.query<{ id: number }>('select id from videos order by id');
  await database.close();
  return rows.rows.map((r) => Number(r.id));
}

async function createAndSeed(
  dataDir: string,
  list: SeedVideo[],
  seed: (database: Database, ids: number[]) => Promise<void>,
): Promise<number[]> {
  // the empty migrated database of e2e/global-setup.ts when there is one (1.3–1.6 s against 3.5–6 s fresh)
  const template = process.env.E2E_PGLITE_TEMPLATE;
  const database = await connectDatabase({
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined,
  });
  const roots = [...new Set(list.map((v) => v.sourceRoot))];
  await database.db
    .insert(sources)
    .values(roots.map((root) => ({ root, label: path.basename(root) })))
    .onConflictDoNothing();
  const rows = await database.db
    .insert(videos)
    .values(
      list.map((v) => ({
        filename: v.filename,
        path: v.path,
        relPath: path.relative(v.sourceRoot, v.path),
        sourceRoot: v.sourceRoot,
        fps: v.fps,
        fpsNum: Math.round(v.fps),
        fpsDen: 1,
        width: v.width,
        height: v.height,
        duration: v.duration,
        totalFrames: v.totalFrames,
        processingStatus: v.status ?? 'completed',
        frameStride: v.frameStride ?? 1,
        aiProcessedAt: new Date(),
      })),
    )
    .returning({ id: videos.id });
  const ids = rows.map((r) => r.id);
  await seed(database, ids);
  await database.close();
  return ids;
}

async function serve(
  dataDir: string,
  ids: number[],
  removeOnStop: boolean,
  env: Record<string, string>,
): Promise<SeededServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      VAT_SAMPLE_LIBRARY: '0',
      VAT_WORKER: '0',
      VAT_LOG_LEVEL: 'warn',
      VAT_STATIC_DIR: path.resolve('dist-test'),
      VAT_BOOTSTRAP_SUPER: 'e2e-super',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    printed += chunk;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(`${baseURL}/api/v1/status`, child, 120_000);
  return {
    baseURL,
    ids,
    dataDir,
    output: () => printed,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (removeOnStop) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
