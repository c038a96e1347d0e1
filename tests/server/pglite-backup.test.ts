// npm run backup / restore of the embedded database: what was stored comes back in a fresh data dir,
// and a data dir that is in use or holds a database is not overwritten by mistake.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { connectDatabase } from '../../server/db/connect';
import { users } from '../../server/db/schema';
import { BackupRefused, backupPglite, openMarker, restorePglite } from '../../server/db/pglite-backup';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const people = [
  { id: 'ann.one', name: 'Ann One', role: 'annotator' },
  { id: 'rev.two', name: 'Rev Two', role: 'reviewer' },
  { id: 'boss@example.com', name: 'Boss', role: 'super' },
];

async function readUsers(dbDir: string) {
  const database = await connectDatabase({ dataDir: dbDir });
  try {
    return await database.db
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .orderBy(asc(users.id));
  } finally {
    await database.close();
  }
}

describe('PGlite backup and restore', () => {
  const source = path.join(root, 'source', 'db');
  const file = path.join(root, 'out', 'backup.tar.gz');

  it('restores into a new data dir the rows that were backed up', async () => {
    const database = await connectDatabase({ dataDir: source });
    await database.db.insert(users).values(people);
    await database.close();

    const { bytes } = await backupPglite(source, file);
    expect(bytes).toBe(fs.statSync(file).size);
    expect(fs.existsSync(`${file}.part`)).toBe(false);

    const target = path.join(root, 'target', 'db');
    const { movedAside } = await restorePglite(file, target);
    expect(movedAside).toBeNull();
    expect(await readUsers(target)).toEqual([...people].sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('refuses a data dir that a process has open, and a non-empty one, unless forced', async () => {
    const busy = path.join(root, 'busy', 'db');
    const open = await connectDatabase({ dataDir: busy });
    try {
      expect(fs.existsSync(openMarker(busy))).toBe(true);
      await expect(backupPglite(busy, path.join(root, 'busy.tar.gz'))).rejects.toThrow(/Stop the server first/);
      await expect(restorePglite(file, busy)).rejects.toBeInstanceOf(BackupRefused);
    } finally {
      await open.close();
    }

    // closed but holding a database: still refused without --force, and --force keeps the old one aside
    await expect(restorePglite(file, busy)).rejects.toThrow(/is not empty/);
    const { movedAside } = await restorePglite(file, busy, { force: true, now: new Date('2026-01-02T03:04:05Z') });
    expect(movedAside).toBe(`${busy}.before-restore-2026-01-02T03-04-05.000Z`);
    expect(fs.existsSync(path.join(movedAside!, 'PG_VERSION'))).toBe(true);
    expect((await readUsers(busy)).map((u) => u.id)).toEqual(['ann.one', 'boss@example.com', 'rev.two']);
  });
});
