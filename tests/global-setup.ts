// Runs once before the test workers start: builds the empty migrated PGlite database that makeTestApp
// loads (tests/helpers/test-app.ts), keyed by the migrations and the PGlite version so that a change to
// either builds it again. Saves initdb and the migrations for each of the ~100 apps the suite builds.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrationsFolder } from '../server/db/connect';
import { backupPglite } from '../server/db/pglite-backup';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated empty PGlite database (a gzipped data-dir tarball, as `npm run backup` writes). */
    pgliteTemplate: string;
  }
}

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

export async function setup(project: TestProject): Promise<void> {
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
  project.provide('pgliteTemplate', file);
}
