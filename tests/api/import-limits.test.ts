// POST /annotations/{id}/import stores only what an edit could store: finite numbers in range, boxes with
// x1 < x2 and y1 < y2, confidences 0–1, track ids that fit the database, and no more tracks per frame and
// per video than documented. Every refusal is a 4xx naming the line or element and the rule; nothing is stored.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { as, makeTestApp, seedUser, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { detections, videos } from '../../server/db/schema';
import { MAX_TRACK_ID, MAX_TRACKS_PER_FRAME, MAX_TRACKS_PER_VIDEO } from '../../domain/formats/import-limits';

let t: TestApp;
let id: number;

beforeAll(async () => {
  t = await makeTestApp();
  await seedUser(t.database, 'ann@example.com', 'annotator');
  const [v] = await t.database.db
    .insert(videos)
    .values({
      filename: 'clip.mp4',
      path: '/lib/clip.mp4',
      relPath: 'clip.mp4',
      sourceRoot: '/lib',
      processingStatus: 'completed',
      width: 200,
      height: 100,
      totalFrames: 600,
    })
    .returning({ id: videos.id });
  id = v.id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.delete(detections).where(eq(detections.videoId, id));
});

const importFile = (format: string, content: string) => {
  const form = multipart([
    { name: 'format', value: format },
    { name: 'file', filename: 'in.txt', content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/annotations/${id}/import`,
    payload: form.payload,
    headers: { ...form.headers, ...as('ann@example.com') },
  });
};
const stored = () =>
  t.database.db
    .select()
    .from(detections)
    .where(eq(detections.videoId, id))
    .orderBy(detections.trackId, detections.frame);

async function expectRefused(format: string, content: string, detail: string) {
  const res = await importFile(format, content);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().detail).toBe(`Not a valid ${format} file: ${detail}`);
  expect(await stored()).toHaveLength(0);
}

const motLines = (n: number, frame = 1) =>
  Array.from({ length: n }, (_, i) => `${frame},${i + 1},20,10,40,60,1,-1,-1,-1`).join('\n');

it(`refuses a MOT file with more than ${MAX_TRACKS_PER_FRAME} tracks in one frame, naming the line`, async () => {
  await expectRefused(
    'mot',
    motLines(5000),
    `line ${MAX_TRACKS_PER_FRAME + 1}: frame 0 has more than ${MAX_TRACKS_PER_FRAME} tracks (at most ${MAX_TRACKS_PER_FRAME} tracks per frame)`,
  );
  // exactly the limit is accepted
  const ok = await importFile('mot', motLines(MAX_TRACKS_PER_FRAME));
  expect(ok.statusCode, ok.body).toBe(200);
  expect(ok.json().tracks_imported).toBe(MAX_TRACKS_PER_FRAME);
});

it('counts the tracks already in a frame against its limit', async () => {
  await t.database.sql.query(
    `insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence)
    select $1, tr, 0, 0.1, 0.1, 0.3, 0.5, 0.9 from generate_series(100001, $2::int + 100000) tr`,
    [id, MAX_TRACKS_PER_FRAME],
  );
  const res = await importFile('mot', motLines(1));
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toBe(
    `Frame 0 would hold ${MAX_TRACKS_PER_FRAME + 1} tracks with the ${MAX_TRACKS_PER_FRAME} already there (at most ${MAX_TRACKS_PER_FRAME} tracks per frame)`,
  );
  // the file on another frame is fine
  expect((await importFile('mot', motLines(1, 2))).statusCode).toBe(200);
});

it(`refuses a CVAT file with more than ${MAX_TRACKS_PER_VIDEO} tracks with a 422, not a 500`, async () => {
  const tracks = Array.from(
    { length: 130_000 },
    (_, i) =>
      `<track id="${i}" label="person" group_id="${i + 1}"><box frame="${i % 600}" outside="0" xtl="1" ytl="1" xbr="2" ybr="2"/>` +
      // CVAT holds a track's last keyframe to the video's end unless an outside keyframe ends it
      `<box frame="${(i % 600) + 1}" outside="1" xtl="1" ytl="1" xbr="2" ybr="2"/></track>`,
  );
  await expectRefused(
    'cvat-video',
    `<annotations>${tracks.join('')}</annotations>`,
    `<track id="${MAX_TRACKS_PER_VIDEO}">: more than ${MAX_TRACKS_PER_VIDEO} tracks (at most ${MAX_TRACKS_PER_VIDEO} tracks per video)`,
  );
});

it('refuses a track id that does not fit the database instead of storing it wrapped around', async () => {
  await expectRefused(
    'mot',
    '1,3000000000,20,10,40,60,1,-1,-1,-1',
    `line 1: track id 3000000000 must be an integer from 0 to ${MAX_TRACK_ID}`,
  );
  await expectRefused(
    'cvat-video',
    '<annotations><track id="0" label="person" group_id="3000000000"><box frame="0" outside="0" xtl="1" ytl="1" xbr="2" ybr="2"/></track></annotations>',
    `<track id="0">: track id 3000000000 must be an integer from 0 to ${MAX_TRACK_ID}`,
  );
});

it('refuses renumbering imported tracks past the largest track id', async () => {
  await t.database.sql.query(
    'insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence) values ($1, $2, 0, 0.1, 0.1, 0.3, 0.5, 0.9)',
    [id, MAX_TRACK_ID],
  );
  const res = await importFile('mot', `1,${MAX_TRACK_ID},20,10,40,60,1,-1,-1,-1`);
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toBe(
    `The file's track ids are taken and numbering them after track ${MAX_TRACK_ID} would pass ${MAX_TRACK_ID}`,
  );
});

it('refuses numbers an edit could not store: huge, inverted, empty boxes, confidences and keypoints out of range', async () => {
  await expectRefused(
    'mot',
    '1,1,1e30,10,40,60,1,-1,-1,-1',
    'line 1: the box lies more than a frame outside the picture (x1 5e+27)',
  );
  await expectRefused(
    'mot',
    '1,1,20,10,0,60,1,-1,-1,-1',
    'line 1: the box needs x1 < x2 and y1 < y2 (a positive width and height inside the frame)',
  );
  await expectRefused(
    'cvat-video',
    '<annotations><track id="4" label="person"><box frame="0" outside="0" xtl="1e30" ytl="1" xbr="1e31" ybr="2"/></track></annotations>',
    '<track id="4">: the box lies more than a frame outside the picture (x1 5e+27)',
  );
  const cocoKeypoints = (a: object) =>
    JSON.stringify({
      images: [{ id: 1, frame_id: 1 }],
      annotations: [{ image_id: 1, track_id: 1, bbox: [20, 10, 40, 60], ...a }],
    });
  await expectRefused(
    'coco-keypoints',
    cocoKeypoints({ score: -0.5 }),
    'annotations[0]: confidence must be from 0 to 1 (got -0.5)',
  );
  const kp = Array(51).fill(0);
  kp.splice(0, 3, 1e30, 10, 2);
  await expectRefused(
    'coco-keypoints',
    cocoKeypoints({ keypoints: kp }),
    'annotations[0]: keypoint nose lies more than a frame outside the picture',
  );
  // a pose joins its person's box after the rows are read: checked where the rows become detections
  await expectRefused(
    'cvat-video',
    '<annotations><track id="0" label="person" group_id="1"><box frame="0" outside="0" xtl="1" ytl="1" xbr="2" ybr="2"/></track>' +
      '<track id="1" label="pose" group_id="1"><skeleton frame="0" outside="0"><points label="nose" outside="0" occluded="0" points="1e30,5"/></skeleton></track></annotations>',
    'track 1 frame 0: keypoint nose lies more than a frame outside the picture',
  );
});

it('clips a box that reaches a little past the frame edge, as people walking out of the picture do', async () => {
  const res = await importFile('mot', '1,1,-20,10,60,60,1,-1,-1,-1\n1,2,180,50,40,60,0.5,-1,-1,-1');
  expect(res.statusCode, res.body).toBe(200);
  const rows = await stored();
  expect(rows.map((r) => [r.x1, r.y1, r.x2, r.y2])).toEqual([
    [0, 0.1, 0.2, 0.7],
    [0.9, 0.5, 1, 1],
  ]);
});
