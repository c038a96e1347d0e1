// The published contract: every /api/v1 call is in the OpenAPI document with the schema of what it
// answers, and JSON answers go out through those schemas.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { droppedKeys } from '../../server/http/response-serializer';
import { insertVideos } from '../helpers/fixtures';
import { z } from 'zod';
import { video } from '../../domain/contract/videos';
import { annotationSummary } from '../../domain/contract/annotations';

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  requestBody?: unknown;
  tags?: string[];
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'boss', 'super');
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  test('is OpenAPI 3.1 and lists the API calls, not the web app or the 404 catch-all', () => {
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/v1/admin/users');
    expect(paths).toContain('/api/v1/annotations/{id}/tracks/merge');
    expect(paths.every((p) => p.startsWith('/api/v1/'))).toBe(true);
    expect(paths).not.toContain('/api/v1/*');
  });

  test('every call declares the JSON or file it answers with on success (or that it answers 204 No Content)', () => {
    const missing: string[] = [];
    for (const [url, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const ok = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
        // a 204 is the one success with no body by definition
        if (!ok.length || ok.some(([code, r]) => code !== '204' && !r.content))
          missing.push(`${method.toUpperCase()} ${url}`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('errors are documented as the shared {detail} body', () => {
    const users = doc.paths['/api/v1/admin/users'].get;
    expect(JSON.stringify(users.responses?.['4XX'])).toContain('Error');
    expect(doc.components?.schemas).toHaveProperty('Error');
    expect(doc.components?.schemas).toHaveProperty('User');
  });

  test('calls are grouped by resource', () => {
    expect(doc.paths['/api/v1/admin/users'].get.tags).toEqual(['admin']);
  });

  test('the reference page is served at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});

describe('answers go out through their schema', () => {
  test('a listed account carries exactly the documented fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: as('boss', 'super') });
    expect(res.statusCode).toBe(200);
    const boss = res.json().find((u: { id: string }) => u.id === 'boss');
    expect(Object.keys(boss).sort()).toEqual([
      'created_at',
      'disabled',
      'has_password',
      'id',
      'last_sign_in_at',
      'must_change_password',
      'name',
      'role',
      'updated_at',
    ]);
  });

  // The library list and the editor's summary are JSON text built before the answer (by the database, or
  // cached): they bypass the serializer, so their rows are checked against the schema here.
  test('the library list and the annotation summary, sent as prepared JSON, match their schemas exactly', async () => {
    const [id] = await insertVideos(t.database, [{ filename: 'contract.mp4' }]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/videos/', headers: as('boss', 'super') })).json();
    expect(list.length).toBeGreaterThan(0);
    expect(droppedKeys(list, z.array(video).parse(list))).toEqual([]);
    const summary = (
      await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${id}/summary`, headers: as('boss', 'super') })
    ).json();
    expect(summary.video_info.id).toBe(id);
    expect(droppedKeys(summary, annotationSummary.parse(summary))).toEqual([]);
  });

  test('a key the schema does not name is found, however deep', () => {
    expect(droppedKeys({ a: 1, b: [{ c: 1, d: 2 }] }, { a: 1, b: [{ c: 1 }] })).toEqual(['.b[0].d']);
    expect(droppedKeys({ a: 1, gone: undefined }, { a: 1 })).toEqual([]);
  });
});
