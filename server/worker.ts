// npm run worker: a queue worker process with no HTTP, for scale-out against PostgreSQL.
import { loadConfig } from './config';
import { openRuntime, stopOnSignals } from './startup';
import { startWorkers } from './workers';

const config = loadConfig();
const log = {
  info: (m: unknown) => console.log(m),
  warn: (m: unknown) => console.warn(m),
  error: (m: unknown) => console.error(m),
};
if (!config.databaseUrl) {
  // The embedded PGlite database belongs to the one `npm start` process; workers share PostgreSQL.
  console.error(
    'npm run worker needs DATABASE_URL (postgres://...): standalone workers share a PostgreSQL database with the API.',
  );
  process.exit(2);
}
const { media, database, queue } = await openRuntime(config, (e) => log.error(e));
const stop = await startWorkers({ config, database, media, queue, log: log as never });
log.info(`worker started (concurrency ${config.workerConcurrency})`);
stopOnSignals(log, [stop, () => queue.stop(), () => database.close()]);
