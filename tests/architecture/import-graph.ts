// The import graph of a source folder, read the way TypeScript reads it: every `import`, `import type`,
// `export … from` and `import()` whose specifier is a relative path, resolved to the file it names.
// Only imports that stay inside the folder are kept; packages and the rest of the repository are not.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

export interface ImportEdge {
  /** Importing file, relative to the folder, with '/' separators. */
  from: string;
  /** Imported file, likewise. */
  to: string;
  /** The specifier as written. */
  spec: string;
}

function listSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return listSources(full);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveSpec(fromFile: string, spec: string): string | null {
  const base = path.resolve(path.dirname(fromFile), spec);
  const stem = base.replace(/\.(js|mjs|ts)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`, path.join(base, 'index.ts')];
  return candidates.find((c) => SOURCE.test(c) && fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

/** Every import inside `root` from one of its source files to another. */
export function readImportGraph(root: string): { files: string[]; edges: ImportEdge[] } {
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const files = listSources(root);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName: spec } of info.importedFiles) {
      if (!spec.startsWith('.')) continue;
      const target = resolveSpec(file, spec);
      if (target && !path.relative(root, target).startsWith('..'))
        edges.push({ from: rel(file), to: rel(target), spec });
    }
  }
  return { files: files.map(rel), edges };
}

/** The groups of files that import each other in a loop (strongly connected components of two or more). */
export function importCircles(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map(files.map((f) => [f, [] as string[]]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return circles;
}
