// docs/ARCHITECTURE.md names the file that decides each of five rules ("Where a rule is decided"), so a
// newcomer reaches each in two hops from the README. A file moved or renamed without the doc would send
// them nowhere: every path that section names must exist.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '../..');
const doc = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
const start = doc.indexOf('### Where a rule is decided');
const section = doc.slice(start, doc.indexOf('\n### ', start + 1));
const named = [...section.matchAll(/`((?:server|src|domain)\/[\w./-]+\.tsx?)`/g)].map((m) => m[1]);
/** "`name` in `file`" and "`name` (`file`": the function, constant or command the section says a file holds. */
const held = [...section.matchAll(/`([\w.$-]+)`(?: in\s+|\s+\()`((?:server|src|domain)\/[\w./-]+\.tsx?)`/g)].map(
  (m) => ({ name: m[1], file: m[2] }),
);

describe('the rule paths of docs/ARCHITECTURE.md', () => {
  it('names a file for each of the five rules', () => {
    expect(start).toBeGreaterThan(0);
    const rules = ['Delete on a selected box', 'status change', 'Cancel and restart', 'sign-in throttle', 'cadence'];
    for (const r of rules) expect(section).toContain(r);
    expect(named.length).toBeGreaterThanOrEqual(20);
  });

  it('names only files that exist', () => {
    expect(named.filter((f) => !fs.existsSync(path.join(root, f)))).toEqual([]);
  });

  it('finds each function, constant and command it names in the file it names', () => {
    expect(held.length).toBeGreaterThanOrEqual(15);
    const absent = held.filter(({ name, file }) => {
      const text = fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : '';
      return !text.includes(name);
    });
    expect(absent).toEqual([]);
  });
});
