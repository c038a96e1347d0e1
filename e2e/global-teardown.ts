// Removes the temp data dir the e2e server used (its database, sample copies, uploads).
import fs from 'node:fs';
import os from 'node:os';

export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.startsWith(os.tmpdir()) && !process.env.E2E_KEEP_DATA)
    fs.rmSync(dir, { recursive: true, force: true });
}
