// Where a video's file really is, and whether it is still the file that was ingested. A source folder
// may hold symlinks, and the stored path is only text: a link to a file outside the source would make
// every reader follow it out. So every reader (download, processing, render, purge) resolves the real
// path first and uses the file only when that real path lies inside the real path of its source root.
import fs from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';
import { NotFound } from '../domain-errors';
import { isWithin } from './storage/safe-path';

/** The real path of `file` when it exists and lies inside `root` (both resolved); else why not. */
export async function realFileInRoot(
  file: string,
  root: string,
): Promise<{ real: string } | { missing: true } | { outside: string }> {
  const real = await fs.realpath(file).catch(() => null);
  if (!real) return { missing: true };
  const realRoot = await fs.realpath(root).catch(() => root);
  return isWithin(realRoot, real) ? { real } : { outside: real };
}

/** The real path of a video's file, to be read instead of the stored one; 404 when it is gone or outside its source. */
export async function requireVideoFile(v: {
  id: number;
  path: string;
  sourceRoot: string;
  filename: string;
}): Promise<string> {
  const where = await realFileInRoot(v.path, v.sourceRoot);
  if ('outside' in where) throw new NotFound(`Video ${v.id} file is outside its source`);
  if ('missing' in where) throw new NotFound(`Video file is missing on disk: ${v.filename}`);
  const st = await fs.stat(where.real).catch(() => null);
  if (!st?.isFile()) throw new NotFound(`Video file is missing on disk: ${v.filename}`);
  return where.real;
}

/** What identifies a file on disk: device, inode, size and modification time (whole milliseconds). */
export interface FileIdentity {
  fileDev: string;
  fileIno: string;
  sizeBytes: number;
  mtime: number;
}

export function identityOf(st: BigIntStats): FileIdentity {
  return {
    fileDev: st.dev.toString(),
    fileIno: st.ino.toString(),
    sizeBytes: Number(st.size),
    mtime: Number(st.mtimeMs),
  };
}

/** The identity of the file a path leads to (links followed), or null when there is none. */
export async function readFileIdentity(file: string): Promise<FileIdentity | null> {
  const st = await fs.stat(file, { bigint: true }).catch(() => null);
  return st?.isFile() ? identityOf(st) : null;
}

/** True when both name the same file, unchanged. A row without a recorded identity matches nothing. */
export function sameFile(
  recorded: { fileDev: string | null; fileIno: string | null; sizeBytes: number; mtime: number },
  now: FileIdentity,
): boolean {
  return (
    recorded.fileDev !== null &&
    recorded.fileIno !== null &&
    recorded.fileDev === now.fileDev &&
    recorded.fileIno === now.fileIno &&
    recorded.sizeBytes === now.sizeBytes &&
    Math.floor(recorded.mtime) === now.mtime
  );
}
