// The production bundle carries only the read-only probes on window.__vat: a page script must not be
// able to rewrite a reviewer's document. The test build (VAT_TEST_HOOKS=1) carries the hooks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const HOOKS = ['replaceDoc', 'setUi', 'benchOverlay', 'benchTimeline', '__vatEdit', 'boxOnScreen', 'barOnScreen'];
const PROBES = ['currentFrame', 'currentTime', 'loadedWindows', 'trackIds', 'timing'];
const dirs: string[] = [];

/** Builds the app into a temp dir and returns all of its JavaScript as one string. */
function build(testHooks: boolean): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vat-bundle-'));
  dirs.push(out);
  const env = { ...process.env, NODE_ENV: 'production', VAT_TEST_HOOKS: testHooks ? '1' : '' };
  execFileSync(
    process.execPath,
    [
      path.resolve('node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      out,
      '--sourcemap',
      'false',
      '--logLevel',
      'error',
    ],
    { env, stdio: 'pipe' },
  );
  const js = fs.readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'));
  return js.map((f) => fs.readFileSync(path.join(out, 'assets', f), 'utf8')).join('\n');
}

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('window.__vat in the built app', () => {
  it('production: read-only probes only, no mutators or benchmark helpers', () => {
    const code = build(false);
    expect(
      PROBES.filter((p) => !code.includes(p)),
      'probes missing',
    ).toEqual([]);
    expect(
      HOOKS.filter((h) => code.includes(h)),
      'hooks present',
    ).toEqual([]);
  });

  it('test build: the hooks the browser tests and benchmarks use are there', () => {
    const code = build(true);
    expect(
      HOOKS.filter((h) => !code.includes(h)),
      'hooks missing',
    ).toEqual([]);
  });
});
