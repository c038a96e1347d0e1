// The empty migrated PGlite database the suites start from instead of running initdb and the migrations
// again (3.5–6 s each here, against 1.3–1.6 s to load this): a gzipped data-dir tarball, as
// `npm run backup` writes one, keyed by the migrations and the PGlite version so that a change to either
// builds it again. vitest's global setup (tests/global-setup.ts) and Playwright's (e2e/global-setup.ts)
// both ask for it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, migrationsFolder } from '../../server/db/connect';
import { backupPglite } from '../../server/db/pglite-backup';

function templateKey(): string {
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json')));
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(migrationsFolder, full)).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** The template's path, built first when it is missing. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = path.resolve('.cache/test-db', `pglite-${templateKey()}.tar.gz`);
  if (!fs.existsSync(file)) {
    // a fresh database, migrated, then written out as the backup command writes one
    const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-test-db-'));
    try {
      await (await connectDatabase({ dataDir: dbDir })).close();
      await backupPglite(dbDir, file);
    } finally {
      fs.rmSync(dbDir, { recursive: true, force: true });
    }
  }
  return file;
}
