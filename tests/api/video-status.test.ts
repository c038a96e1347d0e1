// GET/PATCH /videos/{id}/status, GET /videos/{id}/history and /log over a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { processingLog, videos } from '../../server/db/schema';

let t: TestApp;
let videoId: number;

async function insertVideo(name: string, status = 'completed') {
  const [row] = await t.database.db
    .insert(videos)
    .values({
      filename: name,
      path: `/lib/src/${name}`,
      relPath: name,
      sourceRoot: '/lib/src',
      processingStatus: status,
    })
    .returning({ id: videos.id });
  return row.id;
}

beforeAll(async () => {
  t = await makeTestApp();
  videoId = await insertVideo('a.mp4');
});
afterAll(async () => {
  await t?.close();
});

describe('video status', () => {
  it('reads the current status with last_updated', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/status` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('completed');
    expect(body.previous_status).toBeNull();
    expect(new Date(body.last_updated).getTime()).not.toBeNaN();
  });

  it('refuses a change without a signed-in identity (401)', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}/status`,
      payload: { status: 'kiv' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/Sign in/);
  });

  it('marks KIV with a remark, keeps the previous status and writes history', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}/status`,
      headers: as('alice'),
      payload: { status: 'kiv', remark: 'blurry footage' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'kiv', previous_status: 'completed' });
    const hist = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/history` });
    const entries = hist.json();
    expect(entries[0]).toMatchObject({
      old_status: 'completed',
      new_status: 'kiv',
      remark: 'blurry footage',
      changed_by_id: 'alice',
    });
  });

  it('unmarks back to the previous status, and lists history newest first', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}/status`,
      headers: as('bob'),
      payload: { status: 'completed' },
    });
    expect(res.json()).toEqual({ status: 'completed', previous_status: 'kiv' });
    const entries = (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/history` })).json();
    expect(entries.map((e: { new_status: string }) => e.new_status)).toEqual(['completed', 'kiv']);
    expect(entries[0].changed_by_id).toBe('bob');
    expect(entries[0].remark).toBeNull();
  });

  it('rejects a remark over 20 words or 150 characters', async () => {
    const words = Array.from({ length: 21 }, (_, i) => `w${i}`).join(' ');
    const r1 = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}/status`,
      headers: as('alice'),
      payload: { status: 'kiv', remark: words },
    });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().detail).toBe('Remark must be at most 20 words');
    const r2 = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}/status`,
      headers: as('alice'),
      payload: { status: 'kiv', remark: 'x'.repeat(151) },
    });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().detail).toBe('Remark must be at most 150 characters');
    const status = (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}/status` })).json();
    expect(status.status).toBe('completed');
  });

  it('rejects statuses a user cannot set and malformed bodies with 400', async () => {
    for (const payload of [{ status: 'processing' }, { status: 'deleted' }, { status: 'bogus' }, {}]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${videoId}/status`,
        headers: as('alice'),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
  });

  it('answers 404 for unknown videos and 400 for a bad id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/videos/999999/status' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/videos/999999/status',
          headers: as('alice'),
          payload: { status: 'kiv' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/videos/abc/history' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/videos/999999/log' })).statusCode).toBe(404);
  });

  it('rejects an invalid X-User-Id with 400', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}/status`,
      headers: { 'x-user-id': 'a b' },
      payload: { status: 'kiv' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('status rules the screens offer', () => {
  const patch = (id: number, status: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/videos/${id}/status`, headers: as('alice'), payload: { status } });
  const current = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/videos/${id}/status` })).json().status;

  it('refuses labelled and completed on a never-processed pending video with 409', async () => {
    const id = await insertVideo('never-processed.mp4', 'pending');
    for (const status of ['labelled', 'completed', 'failed']) {
      const res = await patch(id, status);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().detail).toMatch(/pending/);
    }
    expect(await current(id)).toBe('pending');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/videos/${id}/history` })).json()).toEqual([]);
  });

  it('marks labelled only from completed or reviewed', async () => {
    expect((await patch(await insertVideo('done.mp4', 'completed'), 'labelled')).statusCode).toBe(200);
    expect((await patch(await insertVideo('seen.mp4', 'reviewed'), 'labelled')).statusCode).toBe(200);
    for (const from of ['failed', 'kiv', 'disqualified', 'unknown', 'labelled']) {
      expect((await patch(await insertVideo(`from-${from}.mp4`, from), 'labelled')).statusCode, from).toBe(409);
    }
  });

  it('marks reviewed from anything but reviewed; KIV and disqualified from any other status', async () => {
    const id = await insertVideo('walk.mp4', 'pending');
    expect((await patch(id, 'reviewed')).statusCode).toBe(200);
    expect((await patch(id, 'reviewed')).statusCode).toBe(409);
    expect((await patch(id, 'kiv')).statusCode).toBe(200);
    expect((await patch(id, 'kiv')).statusCode).toBe(409);
    expect((await patch(id, 'disqualified')).statusCode).toBe(200);
  });

  it('unmarks only back to the previous status, or pending when none is usable', async () => {
    const failed = await insertVideo('failed-kiv.mp4', 'failed');
    expect((await patch(failed, 'kiv')).statusCode).toBe(200);
    expect((await patch(failed, 'completed')).statusCode).toBe(409);
    expect((await patch(failed, 'pending')).statusCode).toBe(409);
    expect((await patch(failed, 'failed')).json()).toEqual({ status: 'failed', previous_status: 'kiv' });
    const unknownPrev = await insertVideo('dq.mp4', 'disqualified');
    expect((await patch(unknownPrev, 'completed')).statusCode).toBe(409);
    expect((await patch(unknownPrev, 'pending')).json()).toEqual({
      status: 'pending',
      previous_status: 'disqualified',
    });
  });

  it('never sets pending, completed or failed by hand outside an unmark', async () => {
    const id = await insertVideo('finished.mp4', 'labelled');
    for (const status of ['pending', 'completed', 'failed', 'unknown'])
      expect((await patch(id, status)).statusCode, status).toBe(409);
    expect(await current(id)).toBe('labelled');
  });

  it('answers 404 for a deleted video', async () => {
    const id = await insertVideo('gone.mp4', 'deleted');
    expect((await patch(id, 'kiv')).statusCode).toBe(404);
  });
});

describe('history and log', () => {
  it('answers an empty history and an empty log for an untouched video', async () => {
    const id = await insertVideo('fresh.mp4', 'pending');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/videos/${id}/history` })).json()).toEqual([]);
    const log = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${id}/log` });
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-type']).toMatch(/^text\/plain/);
    expect(log.body).toBe('');
  });

  it('returns the processing log lines as text in order', async () => {
    const id = await insertVideo('logged.mp4', 'failed');
    await t.database.db.insert(processingLog).values([
      { videoId: id, line: 'decode: started' },
      { videoId: id, line: 'pose: model missing' },
    ]);
    const log = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${id}/log` });
    const lines = log.body.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/decode: started$/);
    expect(lines[1]).toMatch(/pose: model missing$/);
  });
});
