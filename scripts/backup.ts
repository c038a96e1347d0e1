// npm run backup -- [--out FILE] [--force]: a gzipped tar of the embedded database ($DATA_DIR/db).
// Stop the server first. With DATABASE_URL set, use pg_dump instead (docs/OPERATIONS.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { BackupRefused, backupPglite } from '../server/db/pglite-backup';

const { values } = parseArgs({ options: { out: { type: 'string' }, force: { type: 'boolean', default: false } } });
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/OPERATIONS.md).');
  process.exit(2);
}
const dbDir = path.join(config.dataDir, 'db');
const out = values.out ?? `vat-backup-${new Date().toISOString().replace(/:/g, '-')}.tar.gz`;
try {
  const { bytes } = await backupPglite(dbDir, out, { force: values.force });
  console.log(`backed up ${dbDir} to ${path.resolve(out)} (${(bytes / 1e6).toFixed(1)} MB)`);
} catch (e) {
  if (!(e instanceof BackupRefused)) throw e;
  console.error(e.message);
  process.exit(1);
}
