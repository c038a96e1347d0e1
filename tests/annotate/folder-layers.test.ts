// The folders of src/annotate are layers: a folder imports the folders below it, and only a few pairs may
// import back up (each one is an import a newcomer has to follow against the grain). Type-only imports
// count: they tie the folders together as much as any other. A new folder must be given its place here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('src/annotate');

/** Bottom to top; '.' is the pure helpers at the top of src/annotate (store, clock, colours, sizes). */
const LAYERS = [
  '.',
  'document',
  'loader',
  'save',
  'commands',
  'history',
  'playback',
  'canvas',
  'review',
  'tools',
  'editor',
  'keys',
  'edit',
  'panel',
  'timeline',
  'player',
  'probes',
] as const;

const MAX_BACK_PAIRS = 4;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const folderOf = (file: string) => {
  const parts = path.relative(ROOT, file).split(path.sep);
  return parts.length > 1 ? parts[0] : '.';
};

/** Every import of one src/annotate folder from another: "from → to" with the files that make it. */
function folderImports(): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  for (const file of sourceFiles(ROOT)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      const target = path.resolve(path.dirname(file), m[1]);
      if (!target.startsWith(ROOT + path.sep)) continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      const key = `${from} → ${to}`;
      pairs.set(key, [...(pairs.get(key) ?? []), path.relative(ROOT, file)]);
    }
  }
  return pairs;
}

describe('src/annotate folder layers', () => {
  const pairs = folderImports();

  it('places every folder in the layer order', () => {
    const folders = new Set(sourceFiles(ROOT).map(folderOf));
    expect([...folders].filter((f) => !(LAYERS as readonly string[]).includes(f))).toEqual([]);
  });

  it(`has at most ${MAX_BACK_PAIRS} folder pairs that import back up`, () => {
    const rank = (f: string) => (LAYERS as readonly string[]).indexOf(f);
    const back = [...pairs.entries()]
      .filter(([key]) => {
        const [from, to] = key.split(' → ');
        return rank(from) < rank(to);
      })
      .map(([key, files]) => `${key} (${[...new Set(files)].join(', ')})`);
    expect(back.length, back.join('\n')).toBeLessThanOrEqual(MAX_BACK_PAIRS);
  });

  it('finds the imports it counts (the editor imports the document)', () => {
    expect(pairs.has('editor → document')).toBe(true);
  });
});
