// JSON answers go out through their route's zod schema. zod drops keys a schema does not name, which
// would hide a field from clients without a sound; with `strict` on (tests and e2e) a dropped key fails
// the answer instead, so a schema that forgot a field is caught where it was written.
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';

/** The paths of keys present in `sent` but missing from `kept` (what the schema stripped). */
export function droppedKeys(sent: unknown, kept: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, i) => droppedKeys(item, kept[i], `${at}[${i}]`)).slice(0, 5);
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (!(key in kept)) out.push(`${at}.${key}`);
    else out.push(...droppedKeys(value, kept[key], `${at}.${key}`));
    if (out.length >= 5) break;
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** The compiler for JSON answers; `strict` refuses an answer with keys its schema does not name. */
export function responseSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema: declared, method, url }) => {
    const schema = declared instanceof z.ZodType ? declared : (declared as { properties: z.ZodType }).properties;
    return (data: unknown) => {
      const result = z.safeEncode(schema, data as never);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const text = JSON.stringify(result.data);
      if (strict) {
        const lost = droppedKeys(JSON.parse(JSON.stringify(data) ?? 'null'), JSON.parse(text ?? 'null'));
        if (lost.length) throw new Error(`The response schema of ${method} ${url} does not name: ${lost.join(', ')}`);
      }
      return text;
    };
  };
}
