// Every integer of the API contract is bounded: a request number past its column (a 4-byte `integer`
// takes at most 2³¹−1) must be a 400 with a detail, never a 500 from the database; and an integer sent as
// text (path, query) must be read by the strict decimal rule, not by `Number()`, which takes '0x10', ' 1'
// and '-0'. The test walks every zod schema each module of domain/contract/ exports.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { z } from 'zod';

const CONTRACT = path.join(import.meta.dirname, '../../domain/contract');

interface Check {
  _zod: { def: { check: string; format?: string; value?: number } };
}
type AnyDef = Record<string, unknown> & { type: string; checks?: Check[]; coerce?: boolean };
const defOf = (s: unknown) => (s as { _zod: { def: AnyDef } })._zod.def;

/** Where each integer of `schema` is not bounded on both sides, or is coerced from text. */
function unboundedIntegers(schema: unknown, where: string, seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: unknown, at: string) => unboundedIntegers(child, at, seen);
  switch (def.type) {
    case 'number': {
      const checks = (def.checks ?? []).map((c) => c._zod.def);
      const out: string[] = [];
      if (def.coerce) out.push(`${where}: coerced from text (use intText: '0x10', ' 1' and '-0' pass Number())`);
      const format = checks.find((c) => c.check === 'number_format')?.format;
      // int32/uint32 carry their own bounds; int and safeint only JavaScript's
      if (format === 'safeint' || format === 'int') {
        const min = checks.some((c) => c.check === 'greater_than');
        const max = checks.some((c) => c.check === 'less_than');
        if (!min || !max) out.push(`${where}: integer without ${!min ? 'a minimum' : 'a maximum'}`);
      }
      return out;
    }
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => walk(v, `${where}.${k}`));
    case 'array':
      return walk(def.element, `${where}[]`);
    case 'tuple':
      return [
        ...(def.items as unknown[]).flatMap((s, i) => walk(s, `${where}[${i}]`)),
        ...walk(def.rest, `${where}[…]`),
      ];
    case 'union':
      return (def.options as unknown[]).flatMap((s, i) => walk(s, `${where}|${i}`));
    case 'intersection':
      return [...walk(def.left, where), ...walk(def.right, where)];
    case 'record':
      return [...walk(def.keyType, `${where}{key}`), ...walk(def.valueType, `${where}{}`)];
    case 'pipe':
      return [...walk(def.in, where), ...walk(def.out, where)];
    case 'lazy':
      return walk((def.getter as () => unknown)(), where);
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional: one inner schema
      return 'innerType' in def ? walk(def.innerType, where) : [];
  }
}

test('every integer in every schema of domain/contract/ has a minimum and a maximum, and none is coerced from text', async () => {
  const files = fs.readdirSync(CONTRACT).filter((f) => f.endsWith('.ts'));
  const problems: string[] = [];
  let schemas = 0;
  for (const file of files) {
    const mod = (await import(path.join(CONTRACT, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (!(value instanceof z.ZodType)) continue;
      schemas++;
      problems.push(...unboundedIntegers(value, `${file} ${name}`));
    }
  }
  expect(schemas).toBeGreaterThan(100);
  expect(problems).toEqual([]);
});

test('the walk finds an unbounded integer wherever it hides', () => {
  const hidden = z.object({
    a: z.array(z.object({ n: z.number().int().min(0) })).optional(),
    b: z.record(z.string(), z.union([z.string(), z.number().int().max(3)])),
    c: z.tuple([z.number().int().min(0).max(1)], z.coerce.number().int().min(0).max(9)),
    d: z.number().int().min(0).max(9).nullable().default(1),
  });
  expect(unboundedIntegers(hidden, 'x')).toEqual([
    'x.a[].n: integer without a maximum',
    'x.b{}|1: integer without a minimum',
    "x.c[…]: coerced from text (use intText: '0x10', ' 1' and '-0' pass Number())",
  ]);
});
