// A resumable upload's owner is the caller the server recognised (issue 38 item 1), in every mode and
// whatever X-User-Id the client sends: a cookie or token upload can be continued by its owner, and
// nobody can spend another user's limit of unfinished uploads.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { browserAs, seedUserWithPassword } from '../helpers/auth';
import { createToken } from '../../server/services/auth/tokens';

vi.setConfig({ testTimeout: 120_000 }); // sign-ins are full-cost scrypt checks

const PW = 'correct horse staple';
const TUS = { 'tus-resumable': '1.0.0' };
const meta = `filename ${Buffer.from('clip.mp4').toString('base64')}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function calls(t: TestApp) {
  return {
    create: (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads/tus',
        headers: { ...TUS, 'upload-length': '1000', 'upload-metadata': meta, ...headers },
      }),
    patch: (location: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: location,
        payload: Buffer.alloc(10),
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', ...headers },
      }),
    /** Who the store recorded as the upload's owner. */
    ownerOf: (location: string) => {
      const record = path.join(t.dataDir, 'tmp', 'tus', `${location.split('/').pop()}.json`);
      return JSON.parse(fs.readFileSync(record, 'utf8')).metadata.uploaded_by as string;
    },
  };
}

describe('password mode', () => {
  let t: TestApp;
  let c: ReturnType<typeof calls>;
  beforeAll(async () => {
    t = await makeTestApp({ env: { VAT_AUTH: 'password', VAT_TUS_MAX_UNFINISHED_PER_USER: '2' } });
    c = calls(t);
    await seedUserWithPassword(t.database, 'ann1', 'annotator', PW);
    await seedUserWithPassword(t.database, 'ann2', 'annotator', PW);
  });
  afterAll(() => t.close());

  test('an upload started with a cookie belongs to the signed-in user, who can continue it', async () => {
    const ann1 = await browserAs(t.app, 'ann1', PW);
    const made = await c.create(ann1);
    expect(made.statusCode).toBe(201);
    const location = made.headers.location as string;
    expect(c.ownerOf(location)).toBe('ann1');
    const sent = await c.patch(location, ann1);
    expect(sent.statusCode).toBe(204);
    expect(sent.headers['upload-offset']).toBe('10');
  });

  test('an upload started with a token belongs to its owner, who can continue it', async () => {
    const { token } = await createToken(t.database.db, 'ann1', { name: 'script' }, new Date());
    const made = await c.create(bearer(token));
    expect(made.statusCode).toBe(201);
    const location = made.headers.location as string;
    expect(c.ownerOf(location)).toBe('ann1');
    expect((await c.patch(location, bearer(token))).statusCode).toBe(204);
  });

  test("X-User-Id naming someone else does not spend that person's limit", async () => {
    await seedUserWithPassword(t.database, 'ann3', 'annotator', PW);
    const ann2 = await browserAs(t.app, 'ann2', PW);
    const spoof = { ...ann2, ...as('ann3') };
    expect((await c.create(spoof)).statusCode).toBe(201);
    expect((await c.create(spoof)).statusCode).toBe(201);
    const over = await c.create(spoof);
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toMatch(/^You have 2 unfinished uploads/);
    // the two uploads are ann2's: ann3 has none and may start one
    const ann3 = await browserAs(t.app, 'ann3', PW);
    const own = await c.create(ann3);
    expect(own.statusCode).toBe(201);
    expect(c.ownerOf(own.headers.location as string)).toBe('ann3');
  });
});

describe('open mode', () => {
  let t: TestApp;
  let c: ReturnType<typeof calls>;
  beforeAll(async () => {
    t = await makeTestApp();
    c = calls(t);
    await seedUser(t.database, 'ann1', 'annotator');
    await seedUser(t.database, 'ann2', 'annotator');
  });
  afterAll(() => t.close());

  test('a token upload belongs to the token owner, not to the X-User-Id sent with it', async () => {
    const { token } = await createToken(t.database.db, 'ann2', { name: 'script' }, new Date());
    const made = await c.create({ ...bearer(token), ...as('ann1') });
    expect(made.statusCode).toBe(201);
    const location = made.headers.location as string;
    expect(c.ownerOf(location)).toBe('ann2');
    expect((await c.patch(location, as('ann1'))).statusCode).toBe(404);
    expect((await c.patch(location, bearer(token))).statusCode).toBe(204);
  });

  test('the header id is the caller in open mode, trimmed', async () => {
    const made = await c.create({ 'x-user-id': '  ann1 ' });
    expect(made.statusCode).toBe(201);
    expect(c.ownerOf(made.headers.location as string)).toBe('ann1');
  });
});
