// E2E against the real server: built SPA + API + PGlite in a temp data dir with the sample library,
// on a free loopback port, driven through Debian's Chromium.
import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** Picks a free loopback port once; workers inherit it through the environment. */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString().trim());
}
process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vat-e2e-'));
const port = Number(process.env.E2E_PORT);
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1, // one shared server and database; specs run in file order
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action with screenshots and cost a fifth of the run (4 specs: 216 s against
    // 170 s). CI keeps only what it prints, so no one could open it there; a local run keeps it for a
    // failure.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/v1/status`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      VAT_BOOTSTRAP_SUPER: 'e2e-super',
      VAT_LOG_LEVEL: 'warn',
      // an answer with a key its response schema does not name fails the e2e instead of losing the key
      VAT_STRICT_RESPONSES: '1',
      // the test build (npm run build:test): production probes plus the test hooks on window.__vat
      VAT_STATIC_DIR: path.resolve('dist-test'),
      // the pose model cache the unit tests fill, so the e2e server never downloads it again
      VAT_MODELS_DIR: path.resolve('.cache/models'),
    },
  },
});
