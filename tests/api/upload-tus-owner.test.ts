// Resumable uploads belong to the user who started them, and unfinished ones are limited per user and in
// total (VAT_TUS_MAX_UNFINISHED_PER_USER, VAT_TUS_MAX_UNFINISHED_TOTAL); abandoned ones are swept.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
const TUS = { 'tus-resumable': '1.0.0' };
const meta = (name: string) => `filename ${Buffer.from(name, 'utf8').toString('base64')}`;
const tusDir = () => path.join(t.dataDir, 'tmp', 'tus');

const create = (who: string, name = 'clip.mp4') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads/tus',
    headers: { ...TUS, 'upload-length': '1000', 'upload-metadata': meta(name), ...as(who) },
  });
const send = (method: 'HEAD' | 'PATCH' | 'DELETE', location: string, who: string) =>
  t.app.inject({
    method,
    url: location,
    headers: {
      ...TUS,
      ...as(who),
      ...(method === 'PATCH' ? { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } : {}),
    },
    ...(method === 'PATCH' ? { payload: Buffer.alloc(10) } : {}),
  });
const idOf = (location: string) => location.split('/').pop()!;

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_TUS_MAX_UNFINISHED_PER_USER: '2', VAT_TUS_MAX_UNFINISHED_TOTAL: '3' } });
  await seedUser(t.database, 'ann1', 'annotator');
  await seedUser(t.database, 'ann2', 'annotator');
});
afterAll(() => t.close());

describe("another user's upload", () => {
  let location: string;
  test('cannot be read, appended to or deleted by another user (404), while its owner can', async () => {
    const c = await create('ann1');
    expect(c.statusCode).toBe(201);
    location = c.headers.location as string;
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const r = await send(method, location, 'ann2');
      expect(r.statusCode, method).toBe(404);
      if (method !== 'HEAD') expect(r.json().detail).toBe('No such upload');
    }
    const head = await send('HEAD', location, 'ann1');
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    expect(fs.existsSync(path.join(tusDir(), idOf(location)))).toBe(true);
    const gone = await send('DELETE', location, 'ann1');
    expect(gone.statusCode).toBe(204);
    expect(fs.existsSync(path.join(tusDir(), idOf(location)))).toBe(false);
  });
});

describe('limits on unfinished uploads', () => {
  test('a user over their limit is refused with 429 and a detail', async () => {
    expect((await create('ann1')).statusCode).toBe(201);
    expect((await create('ann1')).statusCode).toBe(201);
    const over = await create('ann1');
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe(
      'You have 2 unfinished uploads, the most allowed: finish or cancel one before starting another',
    );
  });

  test('the server over its total is refused with 429 for anyone', async () => {
    expect((await create('ann2')).statusCode).toBe(201);
    const over = await create('ann2');
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe('The server holds 3 unfinished uploads, the most allowed: try again later');
  });

  test('abandoned uploads (older than the keep period) are swept and no longer count', async () => {
    const records = fs.readdirSync(tusDir()).filter((f) => f.endsWith('.json'));
    const ann1s = records.filter(
      (f) => JSON.parse(fs.readFileSync(path.join(tusDir(), f), 'utf8')).metadata.uploaded_by === 'ann1',
    );
    expect(ann1s).toHaveLength(2);
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    for (const f of ann1s) {
      const file = path.join(tusDir(), f);
      fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), creation_date: old }));
    }
    expect((await create('ann1')).statusCode).toBe(201);
    for (const f of ann1s) {
      expect(fs.existsSync(path.join(tusDir(), f))).toBe(false);
      expect(fs.existsSync(path.join(tusDir(), f.replace(/\.json$/, '')))).toBe(false);
    }
  });
});
