// The one role order (domain/roles.ts), and that no product file spells out its own.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { atLeast, rolesAbove } from '../../domain/roles';

describe('atLeast', () => {
  test('orders guest < annotator < admin < super', () => {
    expect(atLeast(null, 'annotator')).toBe(false);
    expect(atLeast('annotator', 'annotator')).toBe(true);
    expect(atLeast('annotator', 'admin')).toBe(false);
    expect(atLeast('admin', 'admin')).toBe(true);
    expect(atLeast('admin', 'super')).toBe(false);
    expect(atLeast('super', 'admin')).toBe(true);
    expect(atLeast('super', 'super')).toBe(true);
  });

  test('an unknown role ranks as a guest', () => {
    expect(atLeast('root', 'annotator')).toBe(false);
    expect(rolesAbove('root')).toEqual(['annotator', 'admin', 'super']);
  });

  test('rolesAbove lists what a viewer may not see', () => {
    expect(rolesAbove(undefined)).toEqual(['annotator', 'admin', 'super']);
    expect(rolesAbove('admin')).toEqual(['super']);
    expect(rolesAbove('super')).toEqual([]);
  });
});

describe('the role order is written once', () => {
  const root = path.resolve(__dirname, '../..');
  const files = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) return files(rel);
      return /\.tsx?$/.test(e.name) ? [rel] : [];
    });
  // "admin or super" spelled out: two role names compared or listed together
  const spelledOut =
    /role\s*[!=]==\s*'(admin|super)'\s*(\|\||&&)\s*\S*role\s*[!=]==\s*'(admin|super)'|\[\s*'admin',\s*'super'\s*\]|\{\s*annotator:\s*1/;

  test('no product file compares roles by name to mean "admin or above"', () => {
    const offenders = ['server', 'src', 'domain', 'machines']
      .flatMap(files)
      .filter((f) => spelledOut.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  test('no product file ranks roles by their place in ROLES: only domain/roles.ts does', () => {
    const ranksRoles = /ROLES\.(indexOf|findIndex)\(|\bRANK\b/;
    const offenders = ['server', 'src', 'domain', 'machines']
      .flatMap(files)
      .filter((f) => f !== path.join('domain', 'roles.ts'))
      .filter((f) => ranksRoles.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
