// Small files: no product source file (server, browser, shared domain, machines, scripts) is over 300
// lines, so each can be read whole. Tests, e2e specs and benchmarks are left out.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const MAX_LINES = 300;
const PRODUCT = /^(server|src|domain|machines|scripts)\/.*\.(ts|tsx)$/;

describe('file length', () => {
  it(`has no product source file over ${MAX_LINES} lines`, () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => PRODUCT.test(f) && fs.existsSync(path.join(root, f)));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((f) => ({ f, n: fs.readFileSync(path.join(root, f), 'utf8').split('\n').length - 1 }))
      .filter(({ n }) => n > MAX_LINES)
      .map(({ f, n }) => `${f}: ${n}`);
    expect(long).toEqual([]);
  });
});
