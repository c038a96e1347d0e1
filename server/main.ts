// npm start: config → database (+migrations) → queue → sample library → HTTP (+ in-process worker).
import { buildApp } from './app';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { startQueue } from './queue';
import { createMediaService } from './services/media';
import { bootstrapUsers } from './services/users';
import { failInterruptedJobs } from './services/ingest';
import { ensureSampleLibrary } from './services/sample-library';
import { startWorkers } from './workers';
import { recoverInterruptedProcessing } from './services/processing/recovery';
import path from 'node:path';

const config = loadConfig();
const media = createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db') });
await bootstrapUsers(database.db, config.bootstrapSuper);
await failInterruptedJobs(database.db);
const queue = await startQueue(database, { databaseUrl: config.databaseUrl, logError: (e) => console.error('queue:', e) });
// A video left `processing` by a crash or restart is re-queued (with the embedded database this is
// the only process, so every such video is stuck; on PostgreSQL only those with a stale heartbeat).
await recoverInterruptedProcessing(database, queue, { singleProcess: !config.databaseUrl });
const app = await buildApp({ config, database, media, queue });
const stopWorkers = config.worker ? await startWorkers({ config, database, media, queue, log: app.log }) : async () => {};

if (config.sampleLibrary) {
  await ensureSampleLibrary({ config, database, media, log: app.log });
}
await app.listen({ port: config.port, host: config.host });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  const force = setTimeout(() => { console.error('shutdown took too long; exiting'); process.exit(1); }, 40_000);
  force.unref();
  await app.close(); // stop accepting, finish in-flight requests
  await stopWorkers(); // running jobs stop at a safe point; interrupted ones are retried on the next start
  await queue.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
