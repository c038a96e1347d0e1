// Conditional GETs: answers carry a strong ETag and `Cache-Control: private, no-cache`, so the browser keeps
// the body but asks again each time, and an unchanged resource costs a 304 without a body.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** If-None-Match compares weakly: `W/"x"` matches `"x"`, and `*` matches anything. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** Sets the validator headers; true when the request already holds `etag` (answer 304 then). */
export function revalidate(req: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('ETag', etag);
  reply.header('Cache-Control', 'private, no-cache');
  return ifNoneMatchHits(req.headers['if-none-match'], etag);
}
