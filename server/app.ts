// buildApp(deps): the Fastify instance behind /api/v1 and the built SPA. Used by main.ts and by tests.
import Fastify, { type FastifyError } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import fs from 'node:fs';
import path from 'node:path';
import { DomainError } from './domain-errors';
import { STATUS_OF } from './http/error-status';
import { authorize, resolveIdentity, type IdentityContext } from './http/identity';
import { hostAllowListHook } from './http/host-allow-list';
import { proxyTrust } from './http/client-address';
import { checkGuestAccess, checkMustChangePassword, checkOrigin } from './http/request-guards';
import { refuseNulBytes } from './http/refuse-nul';
import { responseSerializer } from './http/response-serializer';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import './http/request-video';
import { createReadFacts } from './services/read-facts';
import { createSignInThrottle } from './services/auth/throttle';
import { requireVisibleVideoFact } from './services/videos';
import { requireUnlocked } from './services/review-issues/review-lock';
import { isLockableWrite } from './http/review-lock';
import type { App, AppDeps } from './http/types';
import { routeModules } from './routes';

/** Routes addressing one video by id: their video must be visible to the caller (a source limited to a
 *  role hides its videos from lower roles), so every by-id read or write answers 404 for a hidden one. */
const API_VERSION = '1';

const BY_VIDEO_ID = /^\/api\/v1\/(videos|annotations)\/:id(\/|$)/;

function validationDetail(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const ctx = (err as FastifyError & { validationContext?: string }).validationContext ?? 'request';
    return err.validation
      .map((v) => {
        // a contract rule about the whole body (e.g. a box's corners in order) names no field: its sentence alone
        if (v.keyword === 'custom' && !String(v.instancePath ?? '').replaceAll('/', '')) return v.message;
        const where = [
          ctx,
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.');
        return `${where}: ${v.message}`;
      })
      .join('; ');
  }
  return err.message;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(deps.config.strictResponses));
  app.decorateRequest('identity', null);
  app.decorateRequest('headerRole', null);
  app.decorateRequest('video', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('mustChangePassword', false);
  // the lookups every request makes first (caller's role, the video and its source), memoised on PGlite
  const facts = createReadFacts(deps.database);
  app.decorate(
    'signInThrottle',
    createSignInThrottle({
      clock: () => (deps.now?.() ?? new Date()).getTime(),
      onCrossed: (c) =>
        app.log.warn(
          // the id is left out: it may be a password typed into the user-ID box (an account's history names it)
          `password guessing: ${c.failures} failures ${c.account === null ? 'over several accounts' : 'at one account'} from ${c.address}; its tries now wait`,
        ),
    }),
  );

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof DomainError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(STATUS_OF[err.kind]).send({ detail: err.detail });
    }
    if (err.validation) return reply.status(400).send({ detail: validationDetail(err) });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: err.message });
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });

  // before everything else, in every mode: a request that does not name this server is answered 421
  app.addHook('onRequest', hostAllowListHook(deps.config.auth.allowedHosts));
  const auth = deps.config.auth;
  const identity: IdentityContext = {
    auth,
    db: deps.database.db,
    facts,
    trusted: proxyTrust(auth.trustedProxies),
    now: deps.now ?? (() => new Date()),
  };

  // first, so every answer (API, web app, docs, errors) carries them
  await registerSecurityHeaders(app);
  await registerOpenApi(app, API_VERSION);
  await app.register(fastifyMultipart, { limits: { fileSize: deps.config.maxUploadBytes, files: 1, fields: 10 } });

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (req) => {
        await resolveIdentity(identity, req);
      });
      api.addHook('preValidation', refuseNulBytes);
      // After validation (a malformed request is 400 before it is 401), before the handler.
      api.addHook('preHandler', async (req) => {
        checkOrigin(req);
        checkGuestAccess(req, auth);
        checkMustChangePassword(req);
        const role = req.routeOptions.config.role;
        if (role) authorize(req.identity, role, auth.mode);
        const id = (req.params as { id?: unknown } | undefined)?.id;
        if (id !== undefined && BY_VIDEO_ID.test(req.routeOptions.url ?? '')) {
          req.video = await requireVisibleVideoFact(facts, Number(id), req.identity);
          if (isLockableWrite(req.method, req.routeOptions.url ?? ''))
            await requireUnlocked(deps.database.db, req.video, req.identity);
        }
      });
      for (const mod of routeModules) await mod(api as App, deps);
      api.all('/*', { schema: { hide: true } }, async (req, reply) =>
        reply.status(404).send({ detail: `No such endpoint: ${req.method} ${req.url.split('?')[0]}` }),
      );
    },
    { prefix: '/api/v1' },
  );
  app.all('/api/*', async (req, reply) =>
    reply.status(404).send({ detail: `No such endpoint: ${req.method} ${req.url.split('?')[0]}` }),
  );

  // The built SPA, with history fallback for client-side routes. Files are looked up per request
  // (wildcard), so a rebuild of dist/ is served without a restart.
  const indexHtml = path.join(deps.config.staticDir, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: deps.config.staticDir,
      wildcard: true,
      index: false,
      // Vite names built assets by content hash: cache them for good (repeat visits skip download and
      // reuse V8's compiled code); index.html itself is always revalidated.
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const spa = (_req: unknown, reply: import('fastify').FastifyReply) =>
      reply.type('text/html').sendFile('index.html'); // max-age=0: always revalidated
    app.get('/', spa);
    app.setNotFoundHandler((req, reply) => {
      const pathname = req.url.split('?')[0];
      // client-side routes get the app; a missing asset (a name with an extension) is a plain 404
      const isAsset = /\.[a-z0-9]+$/i.test(pathname);
      if ((req.method !== 'GET' && req.method !== 'HEAD') || pathname.startsWith('/api/') || isAsset)
        return reply.status(404).send({ detail: 'Not found' });
      return spa(req, reply);
    });
  } else {
    app.setNotFoundHandler((_req, reply) =>
      reply.status(404).send({ detail: 'Not found (the web app is not built: run npm run build)' }),
    );
  }
  return app as App;
}
