import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { VIDEO_SETTINGS_DEFAULTS } from '../../domain/constants';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'boss1', 'admin');
});
afterAll(() => t.close());

const get = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/settings/render' })).json();
const put = (body: unknown, headers: Record<string, string> = as('boss1', 'admin')) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/settings/render', headers, payload: body as object });

describe('render settings', () => {
  test('answer the spec defaults before anything is saved', async () => {
    expect(await get()).toEqual(VIDEO_SETTINGS_DEFAULTS);
    expect(VIDEO_SETTINGS_DEFAULTS).toMatchObject({
      auto_render_on_completed: false,
      auto_render_on_reviewed: true,
      render_preset: 'veryfast',
      render_crf: 22,
      render_codec: 'auto',
      render_max_res: 'original',
      tracker_name: 'auto',
      yolo_imgsz: 1280,
      pipeline_frame_stride: 1,
      pose_model: 'tracking',
      overlay: { boxes: true, skeletons: true, keypoints: true, labels: true },
      realtime: { mode: 'auto', interpolation: true },
      default_view: 'annotated',
    });
  });
  test('an administrator saves the full settings and reads them back', async () => {
    const next = {
      ...VIDEO_SETTINGS_DEFAULTS,
      pipeline_frame_stride: 3,
      tracker_name: 'botsort',
      pose_model: 'multipose',
      render_max_res: '720p',
      render_codec: 'nvenc',
      default_view: 'live',
      overlay: { ...VIDEO_SETTINGS_DEFAULTS.overlay, keypoints: false },
    };
    const r = await put(next);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual(next);
    expect(await get()).toEqual(next);
  });
  test('guests cannot save (401), annotators get 403 with a detail, and nothing changes', async () => {
    const before = await get();
    expect((await put(VIDEO_SETTINGS_DEFAULTS, {})).statusCode).toBe(401);
    const r = await put({ ...VIDEO_SETTINGS_DEFAULTS, render_crf: 30 }, as('ann1', 'admin')); // the header role is only a wish
    expect(r.statusCode).toBe(403);
    expect(r.json().detail).toBeTruthy();
    expect(await get()).toEqual(before);
  });
  test('values outside the option sets are 400 naming the field', async () => {
    const bad = [
      { pipeline_frame_stride: 0 },
      { tracker_name: 'sort' },
      { pose_model: 'yolo' },
      { render_crf: 'x' },
      { render_crf: 52 },
      { render_preset: 'slow' },
      { render_codec: 'vp9' },
      { render_max_res: '4k' },
      { default_view: 'both' },
      { yolo_imgsz: 100 },
      { realtime: { mode: 'fast', interpolation: true } },
    ];
    for (const b of bad) {
      const r = await put({ ...VIDEO_SETTINGS_DEFAULTS, ...b });
      expect(r.statusCode, JSON.stringify(b)).toBe(400);
      expect(r.json().detail).toMatch(new RegExp(Object.keys(b)[0]));
    }
    const { overlay: _o, ...partial } = VIDEO_SETTINGS_DEFAULTS;
    expect((await put(partial)).statusCode).toBe(400); // Save sends the full settings
  });
});
