// Dependencies with a known advisory below a version: package.json and the lock file must both ask for
// a fixed release, or `npm ci` would install the vulnerable one again.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(__dirname, '../..');
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(root, f), 'utf8'));
const parts = (v: string) =>
  v
    .replace(/^[^\d]*/, '')
    .split('.')
    .map(Number);
const atLeast = (v: string, floor: string) => {
  const [a, b] = [parts(v), parts(floor)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

// fast-xml-parser before 4.5.4: GHSA-m7jm-9gc2-mpf2
const FLOORS: Record<string, string> = { 'fast-xml-parser': '4.5.4' };

describe('dependencies with an advisory', () => {
  for (const [name, floor] of Object.entries(FLOORS)) {
    test(`${name} is at least ${floor} in package.json and in the lock file`, () => {
      const pkg = read('package.json');
      const lock = read('package-lock.json');
      const wanted: string = pkg.dependencies[name] ?? pkg.devDependencies[name];
      expect(atLeast(wanted, floor), `package.json asks for ${wanted}`).toBe(true);
      expect(lock.packages[''].dependencies[name] ?? lock.packages[''].devDependencies[name]).toBe(wanted);
      const locked: string = lock.packages[`node_modules/${name}`].version;
      expect(atLeast(locked, floor), `the lock file holds ${locked}`).toBe(true);
    });
  }
});
