// The published contract: OpenAPI 3.1 generated from the routes' zod schemas, served at
// /api/v1/openapi.json, with a reference page at /api/docs. Only /api/v1 calls are listed; the SPA's
// files and the catch-all 404 are not part of the API.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { DOCS_POLICY } from './security-headers';

const API = '/api/v1/';

/** The resource a call belongs to (its first path segment), used to group calls on the reference page. */
export function resourceTag(url: string): string {
  return url.slice(API.length).split('/')[0] || 'api';
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

function transform(input: TransformInput) {
  const { url } = input;
  if (!url.startsWith(API) || url === `${API}*` || url === `${API}openapi.json`) return { schema: { hide: true }, url };
  const out = jsonSchemaTransform(input);
  return { ...out, schema: { ...out.schema, tags: [resourceTag(url)] } };
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Video Annotation Tool API',
        version,
        description:
          'Person tracks, skeletons and action segments on videos. Errors answer `{"detail": "..."}`; ' +
          'changes to existing data carry the version they were based on (428 without, 409 when stale). See docs/API.md.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'vat_session',
            description: 'Password mode: the sign-in cookie (writes also need a same-site Origin).',
          },
          token: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API token (`vat_…`) made under Settings → API tokens.',
          },
          openModeUser: {
            type: 'apiKey',
            in: 'header',
            name: 'X-User-Id',
            description: 'Open mode only (a trusted network): the user to act as.',
          },
        },
      },
      security: [{ session: [] }, { token: [] }, { openModeUser: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  // the reference page answers with its own policy instead of the app's (security-headers.ts)
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', transformStaticCSP: () => DOCS_POLICY });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
