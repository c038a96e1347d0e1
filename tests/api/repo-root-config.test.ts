import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { caller, snapshot } from '../helpers/repo-admin';

let t: TestApp;
const admin = () => caller(t, 'admin1');
let body: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'admin1', 'admin');
  await seedUser(t.database, 'ann1', 'annotator');
  fs.mkdirSync(path.join(t.dataDir, 'up'));
  body = {
    upload_root: path.join(t.dataDir, 'up'),
    target_root: path.join(t.dataDir, 'out'),
    temp_root: path.join(t.dataDir, 'up'),
  };
});
afterAll(() => t.close());

describe('root configuration', () => {
  test.each([
    ['GET', '/admin/repo/root-config'],
    ['PUT', '/admin/repo/root-config'],
    ['POST', '/admin/repo/root-config/validate'],
    ['GET', '/admin/repo/root-config/export'],
    ['POST', '/admin/repo/root-config/import'],
  ] as const)('%s %s: 401 for a guest, 403 with detail for an annotator', async (method, url) => {
    const payload = method === 'GET' ? undefined : body;
    expect((await caller(t, null)(method, url, payload)).statusCode).toBe(401);
    const r = await caller(t, 'ann1')(method, url, payload);
    expect(r.statusCode).toBe(403);
    expect(r.json().detail).toMatch(/admin/i);
  });

  test('the defaults live under DATA_DIR', async () => {
    const r = await admin()('GET', '/admin/repo/root-config');
    expect(r.json()).toEqual({
      upload_root: path.join(t.dataDir, 'uploads'),
      target_root: path.join(t.dataDir, 'renders'),
      temp_root: path.join(t.dataDir, 'tmp'),
    });
  });

  test('validate answers an exists flag per key and stores nothing', async () => {
    const before = await snapshot(t);
    const r = await admin()('POST', '/admin/repo/root-config/validate', body);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      upload_root: { path: body.upload_root, exists: true },
      target_root: { path: body.target_root, exists: false },
      temp_root: { path: body.temp_root, exists: true },
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test.each(['upload_root', 'target_root', 'temp_root'])(
    'unsafe %s values are refused by validate, save and import',
    async (key) => {
      for (const [bad, text] of [
        ['rel/dir', 'absolute'],
        ['/tmp/../etc', "'..'"],
        ['/tmp/a\0b', 'NUL'],
        ['', `${key} is required`],
      ]) {
        for (const url of ['/admin/repo/root-config/validate', '/admin/repo/root-config/import']) {
          const r = await admin()('POST', url, { ...body, [key]: bad });
          expect(r.statusCode, `${url} ${bad}`).toBe(400);
          expect(r.json().detail).toContain(text);
        }
        expect((await admin()('PUT', '/admin/repo/root-config', { ...body, [key]: bad })).statusCode).toBe(400);
      }
    },
  );

  test('save, export as root_paths.json, and import that file back', async () => {
    const saved = await admin()('PUT', '/admin/repo/root-config', { ...body, target_root: `${body.target_root}/` });
    expect(saved.json()).toEqual(body);
    const exp = await admin()('GET', '/admin/repo/root-config/export');
    expect(exp.headers['content-disposition']).toContain('root_paths.json');
    expect(JSON.parse(exp.body)).toEqual(body);
    const other = { ...body, temp_root: path.join(t.dataDir, 'tmp2') };
    const imp = await admin()('POST', '/admin/repo/root-config/import', other);
    expect(imp.statusCode).toBe(200);
    expect((await admin()('GET', '/admin/repo/root-config')).json()).toEqual(other);
  });
});
