// The README's "Not built yet" list must stay true: every call it names answers "No such endpoint", so
// building one without updating the README (or listing a live call as missing) fails here.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';

/** `METHOD /path` pairs from the README's "Not built yet" paragraph ({id} → 1). */
function notBuiltCalls(): { method: string; url: string }[] {
  const readme = fs.readFileSync('README.md', 'utf8');
  const start = readme.indexOf('**Not built yet**');
  if (start < 0) return [];
  const section = readme.slice(start, readme.indexOf('\n\n', start));
  const calls: { method: string; url: string }[] = [];
  for (const m of section.matchAll(/`([A-Z/]+) (\/[^`]+)`/g)) {
    for (const method of m[1].split('/')) calls.push({ method, url: `/api/v1${m[2].replace(/\{[^}]+\}/g, '1')}` });
  }
  return calls;
}

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

describe('README: calls listed as not built yet', () => {
  const calls = notBuiltCalls();

  it('the list is there while calls are missing', () => {
    expect(calls.length).toBeGreaterThan(0);
  });

  it.each(calls)('$method $url answers 404 No such endpoint', async ({ method, url }) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: { 'x-user-id': 'e2e-super' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/^No such endpoint/);
  });
});
