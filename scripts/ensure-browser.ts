// Makes sure Debian's Chromium is present for the e2e suite (installs it with apt when root).
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);
if (process.getuid?.() !== 0) {
  console.error(
    `Chromium not found at ${chromium}. Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.log('Installing Debian chromium for the e2e tests…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
execFileSync(chromium, ['--version'], { stdio: 'inherit' });
