// The one mapping from a domain error's kind to an HTTP status (used by app.ts's error handler and by
// the tus endpoint, whose hooks answer outside Fastify's reply).
import type { DomainErrorKind } from '../domain-errors';

export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'precondition-required': 428,
  'too-large': 413,
  'unsupported-media': 415,
  unprocessable: 422,
  'too-many': 429,
  unavailable: 503,
};
