// Action segment write calls over the real app and database: create, update (409 on a stale version), delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo, type SeededVideo } from '../annotate-edit/seed';
import { spanRuleBreak } from '../../domain/ops/segment-time';

let t: TestApp;
let v: SeededVideo;
beforeAll(async () => {
  t = await makeTestApp();
  v = await seedAnnotatedVideo(t.database);
});
afterAll(async () => {
  await t.close();
});

const post = (body: unknown, headers: Record<string, string> = as('ann.one')) =>
  t.app.inject({ method: 'POST', url: `/api/v1/annotations/${v.videoId}/actions`, headers, payload: body as object });
const patch = (actionId: number, body: unknown, headers: Record<string, string> = as('ann.one')) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/annotations/${v.videoId}/actions/${actionId}`,
    headers,
    payload: body as object,
  });
const valid = { track_id: 1, action_class: 'run', start_time: 1, end_time: 3, confidence: 0.7 };

describe('POST /annotations/{videoId}/actions', () => {
  it('creates an action, returns its id and who created it', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const seg = res.json();
    expect(seg).toMatchObject({
      ...valid,
      human_verified: true,
      created_by_id: 'ann.one',
      updated_by_id: 'ann.one',
      version: 1,
    });
    expect(seg.id).toBeGreaterThan(0);
    const set = await t.database.sql.query<{ id: number }>('select id from action_segments where id = $1', [seg.id]);
    expect(set.rows).toHaveLength(1);
  });

  it('answers 401 without a signed-in user', async () => {
    const res = await post(valid, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/Sign in/);
  });

  it.each([
    [{ ...valid, action_class: 'dance' }, 400, /action_class/],
    [{ ...valid, end_time: 1.05 }, 422, /at least 0.1 s/],
    [{ ...valid, end_time: 11 }, 422, /duration \(10 s\)/],
    [{ ...valid, start_time: -1 }, 400, /start_time/],
    [{ ...valid, track_id: 99 }, 422, /Track 99 does not exist/],
    [{ ...valid, start_time: 'soon' }, 400, /start_time/],
  ])('rejects bad input %j with %i and a detail', async (body, status, detail) => {
    const res = await post(body);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toMatch(detail);
  });

  // The seeded video is 10 s long. Spans on each side of every limit of the rule: start 0, end at the
  // duration (with the float slack), length 0.1 s.
  it.each([
    [0, 10],
    [0, 10 + 5e-7],
    [0, 10.01],
    [9.9, 10],
    [9.95, 10],
    [1, 1.1],
    [0.2, 0.3],
    [1, 1.09],
    [2, 1],
    [0, 0],
  ])('accepts %s … %s s exactly when the shared segment time rule does', async (start, end) => {
    const broken = spanRuleBreak({ start, end }, 10);
    const res = await post({ ...valid, start_time: start, end_time: end });
    expect(res.statusCode).toBe(broken ? 422 : 201);
  });

  it('answers 404 for an unknown video', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/annotations/999999/actions',
      headers: as('ann.one'),
      payload: valid,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Video 999999 not found');
  });

  it('re-creates a deleted action under its old id (undo of delete) and refuses an id in use', async () => {
    const created = (await post(valid)).json();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/annotations/${v.videoId}/actions/${created.id}?version=1`,
      headers: as('ann.one'),
    });
    const restored = await post({ ...valid, restore_id: created.id });
    expect(restored.statusCode).toBe(201);
    expect(restored.json().id).toBe(created.id);
    const again = await post({ ...valid, restore_id: created.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(`Action ${created.id} already exists`);
  });
});

describe('PATCH /annotations/{id}/actions/{actionId}', () => {
  it('updates any field, bumps the version and records the editor', async () => {
    const res = await patch(
      v.segmentIds[0],
      { action_class: 'kick', start_time: 0.5, human_verified: true, version: 1 },
      as('ann.two'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: v.segmentIds[0],
      action_class: 'kick',
      start_time: 0.5,
      end_time: 2,
      version: 2,
      updated_by_id: 'ann.two',
    });
  });

  it('answers 409 with who changed it when the edited version is stale, and keeps the newer save', async () => {
    const id = v.segmentIds[1];
    const first = await patch(id, { end_time: 5, version: 1 }, as('ann.one'));
    expect(first.statusCode).toBe(200);
    const second = await patch(id, { end_time: 6, version: 1 }, as('ann.two'));
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/^This action was changed by ann\.one at .* \(version 2\)\. Reload/);
    const row = await t.database.sql.query<{ end_time: number }>('select end_time from action_segments where id = $1', [
      id,
    ]);
    expect(row.rows[0].end_time).toBe(5);
  });

  it('validates the resulting times against the stored ones', async () => {
    const res = await patch(v.segmentIds[0], { start_time: 1.95, version: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/at least 0.1 s/);
  });

  it('rejects an empty body, unknown fields, unknown actions and guests', async () => {
    expect((await patch(v.segmentIds[0], {})).statusCode).toBe(400);
    expect((await patch(v.segmentIds[0], { colour: 'red' })).statusCode).toBe(400);
    const missing = await patch(987654, { confidence: 0.5 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toMatch(/Action 987654 not found/);
    expect((await patch(v.segmentIds[0], { confidence: 0.5 }, {})).statusCode).toBe(401);
  });
});

describe('DELETE /annotations/{videoId}/actions/{actionId}', () => {
  it('deletes and returns the deleted action (so undo can re-create it); a second delete is 404', async () => {
    const created = (await post(valid)).json();
    const url = `/api/v1/annotations/${v.videoId}/actions/${created.id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'DELETE', url: `${url}?version=1`, headers: as('ann.one') });
    expect(res.statusCode).toBe(200);
    expect(res.json().action).toMatchObject({ id: created.id, track_id: 1, action_class: 'run' });
    const again = await t.app.inject({ method: 'DELETE', url, headers: as('ann.one') });
    expect(again.statusCode).toBe(404);
  });

  it('answers 409 when the version given is stale', async () => {
    const created = (await post(valid)).json();
    await patch(created.id, { confidence: 0.9, version: 1 });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/annotations/${v.videoId}/actions/${created.id}?version=1`,
      headers: as('ann.two'),
    });
    expect(res.statusCode).toBe(409);
  });
});
