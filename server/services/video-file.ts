// Where a video's file really is, and whether it is still the file that was ingested: purge deletes a
// file only when its real path lies inside the real path of its source root and its identity is the
// one recorded at ingest.
import fs from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';
import { isWithin } from './repository/safe-path';

/** The real path of `file` when it exists and lies inside `root` (both resolved); else why not. */
export async function realFileInRoot(file: string, root: string): Promise<{ real: string } | { missing: true } | { outside: string }> {
  const real = await fs.realpath(file).catch(() => null);
  if (!real) return { missing: true };
  const realRoot = await fs.realpath(root).catch(() => root);
  return isWithin(realRoot, real) ? { real } : { outside: real };
}

/** What identifies a file on disk: device, inode, size and modification time (whole milliseconds). */
export interface FileIdentity { fileDev: string; fileIno: string; sizeBytes: number; mtime: number }

export function identityOf(st: BigIntStats): FileIdentity {
  return { fileDev: st.dev.toString(), fileIno: st.ino.toString(), sizeBytes: Number(st.size), mtime: Number(st.mtimeMs) };
}

/** The identity of the file a path leads to (links followed), or null when there is none. */
export async function readFileIdentity(file: string): Promise<FileIdentity | null> {
  const st = await fs.stat(file, { bigint: true }).catch(() => null);
  return st?.isFile() ? identityOf(st) : null;
}

/** True when both name the same file, unchanged. A row without a recorded identity matches nothing. */
export function sameFile(recorded: { fileDev: string | null; fileIno: string | null; sizeBytes: number; mtime: number }, now: FileIdentity): boolean {
  return recorded.fileDev !== null && recorded.fileIno !== null && recorded.fileDev === now.fileDev && recorded.fileIno === now.fileIno
    && recorded.sizeBytes === now.sizeBytes && Math.floor(recorded.mtime) === now.mtime;
}
