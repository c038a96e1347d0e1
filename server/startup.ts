// What `npm start` (main.ts) and `npm run worker` (worker.ts) share: media tools, the database (with
// migrations), the job queue and the recovery of processing, package imports and renders a previous process left unfinished; and a
// shutdown that runs each stop step once on SIGINT/SIGTERM.
import path from 'node:path';
import type { Config } from './config';
import { connectDatabase, type Database } from './db/connect';
import { startQueue, type JobQueue } from './queue';
import { createMediaService, type MediaService } from './media/media-service';
import { recoverJobs } from './jobs/recovery';

export interface Runtime {
  config: Config;
  media: MediaService;
  database: Database;
  queue: JobQueue;
}

export async function openRuntime(config: Config, logError: (e: unknown) => void): Promise<Runtime> {
  const media = createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  const queue = await startQueue(database, { databaseUrl: config.databaseUrl, logError });
  // Every job kind's start-up recovery (server/jobs/recovery.ts), then the progress rows left: a video left
  // `processing` is queued again, a package import cut off is ended (never replayed over work done since),
  // an interrupted render fails with its old artifact kept, and no row of a dead process stays live. With
  // the embedded database this is the only process, so every running job is dead; on PostgreSQL only stale ones.
  await recoverJobs(database, queue, { singleProcess: !config.databaseUrl });
  return { config, media, database, queue };
}

/** On SIGINT/SIGTERM runs `steps` in order once, then exits; a shutdown that hangs is cut off. */
export function stopOnSignals(log: { info(m: string): void }, steps: Array<() => Promise<void>>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, 40_000);
    force.unref();
    for (const step of steps) await step();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
