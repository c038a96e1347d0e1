// A first start with an empty data dir lists every sample clip, the real-people clip included, with
// whichever ffmpeg the machine has (CI runs this again with the npm 4.1 build).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { ensureSampleLibrary } from '../../server/services/sample-library';
import { PEOPLE_CLIP, SAMPLE_CLIPS } from '../../server/services/sample-media';
import type { Video } from '../../domain/types';

let t: TestApp;
const warnings: string[] = [];

beforeAll(async () => {
  t = await makeTestApp();
  await ensureSampleLibrary({
    config: t.config,
    database: t.database,
    media: t.deps.media,
    log: { info() {}, warn: (m) => warnings.push(m) },
  });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

test('a first start lists every sample clip, the real-people clip included, without a warning', async () => {
  expect(warnings).toEqual([]);
  const r = await t.app.inject({ method: 'GET', url: '/api/v1/videos/?limit=100&skip=0' });
  const listed = (r.json() as Video[]).map((v) => v.filename).sort();
  expect(listed).toEqual([...SAMPLE_CLIPS.map((c) => c.file), PEOPLE_CLIP].sort());
  const people = (r.json() as Video[]).find((v) => v.filename === PEOPLE_CLIP)!;
  expect(people).toMatchObject({ width: 1280, height: 720, fps: 30, total_frames: 240 });
});
