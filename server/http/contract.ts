// Response declarations for routes: a 2xx schema plus the shared error body, and binary answers (media,
// archives) described by content type. A route's `schema.response` is built with these so the OpenAPI
// document lists what each call answers, and JSON answers are serialised through their schema.
import { z } from 'zod';
import { errorBody } from '../../domain/contract/common';

/** A JSON answer with `status` (200 unless given) and `{detail}` for every error status. */
export function json<S extends z.ZodType, N extends number = 200>(schema: S, status?: N) {
  return { [status ?? 200]: schema, '4XX': errorBody, '5XX': errorBody } as { [K in N]: S } & {
    '4XX': typeof errorBody;
    '5XX': typeof errorBody;
  };
}

/** An answer with no body (204, or a 304 revalidation) besides the error body. */
export function empty(status: 204 | 202 = 204) {
  return { [status]: z.null().describe('no body'), '4XX': errorBody, '5XX': errorBody };
}

/** A file or stream answer: the bytes are sent as they are (never through a JSON serialiser). */
export function binary(contentTypes: string[], description: string, status = 200) {
  // typed as unknown: the handler sends a Buffer, a stream or text, never a value the schema would check
  const bytes: z.ZodType<unknown> = z.string().meta({ format: 'binary' });
  const content = Object.fromEntries(contentTypes.map((t) => [t, { schema: bytes }]));
  return { [status]: { description, content }, '4XX': errorBody, '5XX': errorBody };
}
