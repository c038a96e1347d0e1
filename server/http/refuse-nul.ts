// A NUL byte cannot be stored in a PostgreSQL text column (the driver fails, which would be a 500), and
// no filter, name, label or remark needs one. So every API request is checked once, before its zod
// schemas run: a NUL in the query, the path parameters or the JSON body (values and keys, at any depth)
// is a 400. Raw bodies (multipart, tus) are not parsed here and are left to their own handlers.
import type { FastifyReply, FastifyRequest } from 'fastify';

function whereNul(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const here = Array.isArray(value) ? `${at}[${key}]` : at ? `${at}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = whereNul(inner, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/** preValidation hook: answers 400 naming the first field that holds a NUL byte. */
export async function refuseNulBytes(req: FastifyRequest, reply: FastifyReply) {
  for (const [part, value] of [
    ['query', req.query],
    ['path', req.params],
    ['body', req.body],
  ] as const) {
    const field = whereNul(value, '');
    if (field !== null)
      return reply.status(400).send({
        detail: `The ${part}${field ? ` field ${JSON.stringify(field.replaceAll('\u0000', '\\0'))}` : ''} contains a NUL byte, which is not allowed`,
      });
  }
}
