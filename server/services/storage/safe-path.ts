// The one check every client-supplied folder path of the Repository Manager passes: absolute, no NUL
// byte, no `..` segment. A path with `..` could still be resolved, but a client that sends one is
// trying to reach something other than what it names, so it is refused rather than silently rewritten.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Invalid } from '../../domain-errors';

export function checkClientPath(raw: string, field: string): string {
  const p = raw.trim();
  if (p.includes('\0')) throw new Invalid(`${field} contains a NUL byte`);
  if (!path.isAbsolute(p)) throw new Invalid(`${field} must be an absolute path`);
  if (p.split(/[\\/]+/).includes('..')) throw new Invalid(`${field} must not contain '..'`);
  const abs = path.resolve(p);
  return abs.length > 1 ? abs.replace(/[\\/]+$/, '') : abs;
}

/** The path with symlinks resolved when it exists (so nesting checks compare real folders), else as given. */
export const realOrSame = async (p: string): Promise<string> => fs.realpath(p).catch(() => p);

/** True when `inner` is `outer` or lies inside it. */
export function isWithin(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export interface FolderFacts {
  exists: boolean;
  is_dir: boolean;
  readable: boolean;
  writable: boolean;
}

export async function folderFacts(p: string): Promise<FolderFacts> {
  const st = await fs.stat(p).catch(() => null);
  const can = (mode: number) =>
    fs.access(p, mode).then(
      () => true,
      () => false,
    );
  return {
    exists: !!st,
    is_dir: !!st?.isDirectory(),
    readable: !!st && (await can(fs.constants.R_OK)),
    writable: !!st && (await can(fs.constants.W_OK)),
  };
}
