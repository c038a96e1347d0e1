// An annotation package's numbers are checked like an edit's before anything is written: finite boxes
// inside the frame with x1 < x2 and y1 < y2, confidences and keypoint scores 0–1, frames inside the video,
// no more tracks per frame and per video than documented, and segment times and confidences in range.
// The refusal names the video file, the track and frame, and the rule.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { seedPackageSource, seedTargetSource } from '../helpers/package-seed';
import { makeZip, readZip } from '../helpers/zip';
import { MAX_TRACKS_PER_FRAME } from '../../domain/formats/import-limits';

let t: TestApp;
let pkg: Buffer;
const FROM = '/media/field-n';
let TO: string;
const ADMIN = 'admin@example.com';

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, ADMIN, 'admin');
  await seedPackageSource(t.database, FROM, 'Field N');
  TO = path.join(t.dataDir, 'target');
  // day 3 has fewer frames here than where the package was made
  await seedTargetSource(t.database, TO, (i) => (i === 3 ? 3 : 300));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/export_source',
    payload: { source_root: FROM, status: ['completed', 'reviewed', 'labelled', 'kiv'], include_history: false },
    headers: as(ADMIN),
  });
  expect(res.statusCode).toBe(200);
  pkg = res.rawPayload;
});
afterAll(async () => {
  await t?.close();
});

const config = (over: object = {}) =>
  JSON.stringify({
    source_root: FROM,
    target_root: TO,
    mode: 'overwrite',
    validate_files: true,
    dry_run: true,
    ...over,
  });
const importZip = (zip: Buffer) => {
  const form = multipart([
    { name: 'config', value: config() },
    { name: 'file', filename: 'package.zip', content: zip, type: 'application/zip' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/repo/import_source',
    payload: form.payload,
    headers: { ...form.headers, ...as(ADMIN) },
  });
};

type VideoEntry = {
  tracks: Array<{
    track_id: number;
    frames: number[];
    boxes: string;
    keypoints: string;
    with_keypoints: string;
    source: string;
    edits: unknown[];
  }>;
  action_segments: Array<Record<string, unknown>>;
  probe: { total_frames: number };
};
const f32 = (b64: string) => {
  const b = Buffer.from(b64, 'base64');
  return Array.from(new Float32Array(new Uint8Array(b).buffer));
};
const b64 = (values: number[]) => Buffer.from(new Float32Array(values).buffer).toString('base64');

/** The package with videos/000001.json changed by `change`, the manifest's hashes made to match. */
async function packageWith(change: (v: VideoEntry) => void) {
  const { names, files } = await readZip(pkg);
  const v = JSON.parse(files.get('videos/000001.json')!.toString()) as VideoEntry;
  change(v);
  files.set('videos/000001.json', Buffer.from(JSON.stringify(v)));
  const manifest = JSON.parse(files.get('manifest.json')!.toString());
  for (const f of manifest.files) {
    f.sha256 = createHash('sha256').update(files.get(f.path)!).digest('hex');
    f.bytes = files.get(f.path)!.length;
  }
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  return makeZip(names.map((n) => ({ name: n, content: files.get(n)! })));
}
/** Track 1's row `row` gets box column `col` (x1, y1, x2, y2, confidence) set to `value`. */
const withBoxValue = (row: number, col: number, value: number) =>
  packageWith((v) => {
    const boxes = f32(v.tracks[0].boxes);
    boxes[row * 5 + col] = value;
    v.tracks[0].boxes = b64(boxes);
  });

async function expectRefused(zip: Buffer, detail: string) {
  const res = await importZip(zip);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().detail).toBe(`videos/000001.json: ${detail}`);
}

it('accepts the unchanged package (the checks pass on real data)', async () => {
  const res = await importZip(pkg);
  expect(res.statusCode, res.body).toBe(200);
});

it('refuses NaN, infinite, huge and inverted boxes and confidences out of range, naming track, frame and rule', async () => {
  // track 1 has frames 0, 2, 4
  await expectRefused(await withBoxValue(1, 0, NaN), 'track 1 frame 2: x1 must be a number from 0 to 1 (got NaN)');
  await expectRefused(
    await withBoxValue(0, 3, Infinity),
    'track 1 frame 0: y2 must be a number from 0 to 1 (got Infinity)',
  );
  await expectRefused(
    await withBoxValue(0, 2, 1e30),
    'track 1 frame 0: x2 must be a number from 0 to 1 (got 1.0000000150474662e+30)',
  );
  await expectRefused(
    await withBoxValue(2, 2, 0.01),
    'track 1 frame 4: the box needs x1 < x2 and y1 < y2 (a positive width and height inside the frame)',
  );
  await expectRefused(await withBoxValue(0, 4, -0.5), 'track 1 frame 0: confidence must be from 0 to 1 (got -0.5)');
});

it('refuses keypoints out of range and frames past the video', async () => {
  await expectRefused(
    await packageWith((v) => {
      const kps = f32(v.tracks[0].keypoints);
      kps[3] = 1e30; // the left eye's x of the first row with keypoints
      v.tracks[0].keypoints = b64(kps);
    }),
    'track 1 frame 0: keypoint left_eye lies more than a frame outside the picture',
  );
  await expectRefused(
    await packageWith((v) => {
      v.tracks[0].frames[2] = 5_000_000;
    }),
    `track 1 frame 5000000: the frame is past the video's ${300} frames`,
  );
});

it(`refuses more than ${MAX_TRACKS_PER_FRAME} tracks in one frame`, async () => {
  await expectRefused(
    await packageWith((v) => {
      const t0 = v.tracks[0];
      const box = f32(t0.boxes).slice(0, 5);
      for (let id = 100; id < 100 + MAX_TRACKS_PER_FRAME; id++)
        v.tracks.push({
          track_id: id,
          frames: [0],
          boxes: b64(box),
          keypoints: '',
          with_keypoints: '0',
          source: 'a',
          edits: [],
        });
    }),
    `track ${100 + MAX_TRACKS_PER_FRAME - 1}: frame 0 has more than ${MAX_TRACKS_PER_FRAME} tracks (at most ${MAX_TRACKS_PER_FRAME} tracks per frame)`,
  );
});

it('refuses segment times and confidences an edit could not store', async () => {
  await expectRefused(
    await packageWith((v) => {
      v.action_segments[0].confidence = -1;
    }),
    'action_segments.0.confidence: Too small: expected number to be >=0',
  );
  await expectRefused(
    await packageWith((v) => {
      v.action_segments[0].end_time = 1e30;
    }),
    'action_segments.0.end_time: Too big: expected number to be <=10000000',
  );
});

it('skips a video whose tracks reach past the frames of the video here', async () => {
  const res = await importZip(pkg);
  expect(res.json().warnings).toContain(
    'day 3/clip_3.mp4: skipped, its tracks reach frame 4 but the video here has 3 frames',
  );
});
