// Backup and restore of the embedded PGlite database: one gzipped tar of its data dir, made with PGlite's
// own dumpDataDir and read back with its loadDataDir option. PGlite belongs to one process, so both
// refuse a data dir that a process has open (PGlite keeps postmaster.pid there while it is open).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { connectDatabase } from './connect';

export class BackupRefused extends Error {}

/** The file PGlite keeps in its data dir while a process has it open (left behind by a crash). */
export function openMarker(dbDir: string): string {
  return path.join(dbDir, 'postmaster.pid');
}

function refuseIfOpen(dbDir: string, force: boolean): void {
  if (!force && fs.existsSync(openMarker(dbDir))) {
    throw new BackupRefused(
      `${dbDir} is open in a running server (it holds postmaster.pid). Stop the server first; ` +
        'if it crashed and nothing has the database open, run again with --force.',
    );
  }
}

/** Writes a gzipped tar of the database in dbDir to outFile; the database is opened read-only in spirit: no migrations run. */
export async function backupPglite(
  dbDir: string,
  outFile: string,
  opts: { force?: boolean } = {},
): Promise<{ bytes: number }> {
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupRefused(`${dbDir} holds no database`);
  refuseIfOpen(dbDir, opts.force ?? false);
  const client = await PGlite.create({ dataDir: dbDir, extensions: { pg_trgm } });
  try {
    const tar = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await tar.arrayBuffer());
    fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    // written beside the target and renamed, so a failed backup never leaves a truncated file under its name
    const part = `${outFile}.part`;
    fs.writeFileSync(part, bytes);
    fs.renameSync(part, outFile);
    return { bytes: bytes.length };
  } finally {
    await client.close();
  }
}

/**
 * Restores backupFile into dbDir, then applies this version's migrations (a backup of an older version
 * comes back upgraded). A non-empty dbDir is refused unless force; with force it is moved aside to
 * `<dbDir>.before-restore-<time>`, never deleted.
 */
export async function restorePglite(
  backupFile: string,
  dbDir: string,
  opts: { force?: boolean; now?: Date } = {},
): Promise<{ movedAside: string | null }> {
  if (!fs.existsSync(backupFile)) throw new BackupRefused(`${backupFile} does not exist`);
  const force = opts.force ?? false;
  refuseIfOpen(dbDir, force);
  let movedAside: string | null = null;
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
    if (!force)
      throw new BackupRefused(
        `${dbDir} is not empty: restore into an empty data dir, or run again with --force (the current one is moved aside, not deleted)`,
      );
    movedAside = `${dbDir}.before-restore-${(opts.now ?? new Date()).toISOString().replace(/:/g, '-')}`;
    fs.renameSync(dbDir, movedAside);
  }
  const tar = new Blob([fs.readFileSync(backupFile)]);
  const database = await connectDatabase({ dataDir: dbDir, loadDataDir: tar });
  await database.close();
  return { movedAside };
}
