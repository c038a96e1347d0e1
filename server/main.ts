// npm start: the shared runtime (database, queue, recovery) → users and ingest bookkeeping → HTTP
// (+ the in-process worker) → sample library.
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { prepareFirstSignIn } from './services/auth/first-start';
import { openRuntime, stopOnSignals } from './startup';
import { bootstrapUsers } from './services/users';
import { failRunningIngestJobs } from './repositories/ingest';
import { ensureSampleLibrary } from './services/sample-library';
import { startWorkers } from './workers';
import { watchSources } from './services/storage/watch';

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  // a refused setting (e.g. VAT_AUTH=open on a non-loopback HOST) says why and what to set, and nothing starts
  console.error((e as Error).message);
  process.exit(1);
}
console.log(`Sign-in mode: ${config.auth.mode} (${config.auth.modeReason})`);
if (!config.auth.allowedHosts.length) {
  console.warn(
    `HOST=${config.host} listens on every address, but only localhost names are served: set VAT_ALLOWED_HOSTS to the name people open`,
  );
}
const { media, database, queue } = await openRuntime(config, (e) => console.error('queue:', e));
await bootstrapUsers(database.db, config.bootstrapSuper);
const firstSignIn = await prepareFirstSignIn(database.db, config);
await failRunningIngestJobs(database.db); // a scan cut off by a crash or restart
const app = await buildApp({ config, database, media, queue });
const stopWorkers = config.worker
  ? await startWorkers({ config, database, media, queue, log: app.log })
  : async () => {};

if (config.sampleLibrary) {
  await ensureSampleLibrary({ config, database, media, log: app.log });
}
await app.listen({ port: config.port, host: config.host });
for (const line of firstSignIn) console.log(line);
const watcher = config.watchSources
  ? watchSources({ db: database.db, media, parallelism: config.ingestParallelism, log: (m) => app.log.warn(m) })
  : null;
await watcher?.sync();

stopOnSignals(app.log, [
  () => app.close(), // stop accepting, finish in-flight requests
  async () => watcher?.stop(),
  stopWorkers, // running jobs stop at a safe point; interrupted ones are retried on the next start
  () => queue.stop(),
  () => database.close(),
]);
