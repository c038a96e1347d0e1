import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import type { MediaService } from '../media/media-service';
import type { JobQueue } from '../queue';
import type { SignInThrottle } from '../services/auth/throttle';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one throttle of password guesses of this app (sign-in, password change, one-time links). */
    signInThrottle: SignInThrottle;
  }
}

/** Fastify instance with zod schemas as the type provider: route handlers get typed params/query/body. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything the HTTP layer needs; tests pass their own (in-memory PGlite, temp dirs). */
export interface AppDeps {
  config: Config;
  database: Database;
  media: MediaService;
  /** Absent in tests that do not exercise jobs; routes that enqueue answer 503 without it. */
  queue?: JobQueue;
  /** The clock of sign-in sessions, tokens, links and throttling; tests pass one they move. */
  now?: () => Date;
}

export type RoutePlugin = (app: App, deps: AppDeps) => void | Promise<void>;
