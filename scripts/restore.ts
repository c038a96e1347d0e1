// npm run restore -- FILE [--force]: puts a backup made by `npm run backup` back into $DATA_DIR/db and
// applies this version's migrations. Refuses a data dir in use or not empty unless --force (which moves
// the current one aside). With DATABASE_URL set, use pg_restore instead (docs/OPERATIONS.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { BackupRefused, restorePglite } from '../server/db/pglite-backup';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('usage: npm run restore -- FILE [--force]');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/OPERATIONS.md).');
  process.exit(2);
}
const dbDir = path.join(config.dataDir, 'db');
try {
  const { movedAside } = await restorePglite(positionals[0], dbDir, { force: values.force });
  if (movedAside) console.log(`the previous database was moved to ${movedAside}`);
  console.log(`restored ${positionals[0]} into ${dbDir}`);
} catch (e) {
  if (!(e instanceof BackupRefused)) throw e;
  console.error(e.message);
  process.exit(1);
}
