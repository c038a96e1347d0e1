// Hidden joints travel in annotation packages: the export writes each row's visibility, the import stores
// it again (rows that store none stay none).
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { seedPackageSource, seedTargetSource } from '../helpers/package-seed';
import { readZip } from '../helpers/zip';
import { QUEUES, startQueue } from '../../server/queue';
import { runImportJob } from '../../server/services/packages/import';
import { decodeTrack, trackSchema } from '../../server/services/packages/package-format';

let t: TestApp;
const FROM = '/media/field-v';
let TO: string;
const ADMIN = 'admin@example.com';
const VIS = [2, 1, 0, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 0];

beforeAll(async () => {
  t = await makeTestApp({ queue: (db) => startQueue(db) });
  await seedUser(t.database, ADMIN, 'admin');
  await seedPackageSource(t.database, FROM, 'Field V');
  // one row of each video's track 1 (frame 2) has joints marked occluded and absent
  await t.database.sql.query(
    `update detections set keypoint_visibility = $1 where track_id = 1 and frame = 2
    and video_id in (select id from videos where source_root = $2)`,
    [VIS, FROM],
  );
  TO = path.join(t.dataDir, 'target');
  await seedTargetSource(t.database, TO);
  await t.deps.queue!.work<{ jobId: number }>(QUEUES.import, 1, async (d) => {
    await runImportJob(t.database, d.jobId);
  });
});
afterAll(async () => {
  await t?.close();
});

const exportZip = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/export_source',
    payload: { source_root: FROM, status: ['completed', 'reviewed', 'labelled', 'kiv'] },
    headers: as(ADMIN),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const visibilityOf = async (root: string) =>
  (
    await t.database.sql.query<{
      rel_path: string;
      track_id: number;
      frame: number;
      keypoint_visibility: number[] | null;
    }>(
      `select v.rel_path, d.track_id, d.frame, d.keypoint_visibility from detections d join videos v on v.id = d.video_id
   where v.source_root = $1 order by 1, 2, 3`,
      [root],
    )
  ).rows;

it('the export writes 17 characters of visibility per row of a track that stores one', async () => {
  const { files } = await readZip(await exportZip());
  const video = JSON.parse(files.get('videos/000001.json')!.toString());
  const [track1, track2] = video.tracks;
  expect(track1.visibility).toBe(`${'-'.repeat(17)}${VIS.join('')}${'-'.repeat(17)}`);
  expect(track2.visibility).toBeUndefined();
  expect(decodeTrack(trackSchema.parse(track1)).map((r) => r.keypointVisibility)).toEqual([null, VIS, null]);
});

it('the import stores the visibility of every row as exported', async () => {
  const zip = await exportZip();
  const form = multipart([
    {
      name: 'config',
      value: JSON.stringify({
        source_root: FROM,
        target_root: TO,
        mode: 'skip_existing',
        validate_files: true,
        dry_run: false,
      }),
    },
    { name: 'file', filename: 'package.zip', content: zip, type: 'application/zip' },
  ]);
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/import_source',
    payload: form.payload,
    headers: { ...form.headers, ...as(ADMIN) },
  });
  expect(start.statusCode).toBe(200);
  for (;;) {
    const job = (
      await t.app.inject({ url: `/api/v1/admin/repo/import_jobs/${start.json().job_id}`, headers: as(ADMIN) })
    ).json();
    if (!['queued', 'running'].includes(job.status)) {
      expect(job.status).toBe('completed');
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const target = await visibilityOf(TO);
  expect(target).toHaveLength(16);
  // the pending clip of the source is not exported
  expect(target).toEqual((await visibilityOf(FROM)).filter((r) => target.some((x) => x.rel_path === r.rel_path)));
  expect(target.filter((r) => r.keypoint_visibility).map((r) => [r.track_id, r.frame, r.keypoint_visibility])).toEqual(
    Array(4).fill([1, 2, VIS]),
  );
});

it('refuses a package whose visibility column does not fit its frames', () => {
  const bad = {
    track_id: 1,
    frames: [0],
    boxes: '',
    keypoints: '',
    with_keypoints: '0',
    source: 'a',
    edits: [],
    visibility: '22',
  };
  expect(() => decodeTrack(trackSchema.parse(bad))).toThrow(/visibility needs 17 characters per frame/);
});
