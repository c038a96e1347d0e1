import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { RENDER_SETTINGS_DEFAULTS } from '../../domain/constants';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(() => t.close());

const get = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/settings/render' })).json();
const put = (body: unknown, headers: Record<string, string> = as('ann1')) => t.app.inject({ method: 'PUT', url: '/api/v1/settings/render', headers, payload: body as object });

describe('render settings', () => {
  test('answer the spec defaults before anything is saved', async () => {
    expect(await get()).toEqual(RENDER_SETTINGS_DEFAULTS);
    expect(RENDER_SETTINGS_DEFAULTS).toMatchObject({ render_crf: 22, yolo_imgsz: 1280, pipeline_frame_stride: 1, default_view: 'annotated', auto_render_on_reviewed: true });
  });
  test('a signed-in user saves the full settings and reads them back', async () => {
    const next = { ...RENDER_SETTINGS_DEFAULTS, pipeline_frame_stride: 3, tracker_name: 'botsort', default_view: 'live', overlay: { ...RENDER_SETTINGS_DEFAULTS.overlay, keypoints: false } };
    const r = await put(next);
    expect(r.statusCode, r.body).toBe(200);
    expect(await get()).toEqual(next);
  });
  test('guests cannot save (401) and bad values are 400 with a detail', async () => {
    expect((await put(RENDER_SETTINGS_DEFAULTS, {})).statusCode).toBe(401);
    for (const bad of [{ pipeline_frame_stride: 0 }, { tracker_name: 'sort' }, { render_crf: 'x' }]) {
      const r = await put({ ...RENDER_SETTINGS_DEFAULTS, ...bad });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().detail).toMatch(new RegExp(Object.keys(bad)[0]));
    }
  });
});
