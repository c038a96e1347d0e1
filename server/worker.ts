// npm run worker: a queue worker process with no HTTP, for scale-out against PostgreSQL.
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { startQueue } from './queue';
import { createMediaService } from './services/media';
import { startWorkers } from './workers';
import { recoverInterruptedProcessing } from './services/processing/recovery';
import path from 'node:path';

const config = loadConfig();
const log = { info: (m: unknown) => console.log(m), warn: (m: unknown) => console.warn(m), error: (m: unknown) => console.error(m) };
if (!config.databaseUrl) {
  // The embedded PGlite database belongs to the one `npm start` process; workers share PostgreSQL.
  console.error('npm run worker needs DATABASE_URL (postgres://...): standalone workers share a PostgreSQL database with the API.');
  process.exit(2);
}
const media = createMediaService({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db') });
const queue = await startQueue(database, { databaseUrl: config.databaseUrl, logError: (e) => log.error(e) });
await recoverInterruptedProcessing(database, queue);
const stop = await startWorkers({ config, database, media, queue, log: log as never });
log.info(`worker started (concurrency ${config.workerConcurrency})`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => { await stop(); await queue.stop(); await database.close(); process.exit(0); });
}
