// POST /annotations/{id}/tracks/{trackId}/follow: "Follow this person" as a long job, with the pose model
// for real on the people clip (a pan: the people move across the frame).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { trackCalls } from '../helpers/track-calls';
import { addPeopleVideo, iouOf, peopleAt, type FoundPerson } from '../helpers/people-video';
import { TEST_MODELS_DIR, waitFor } from '../processing/video-rows';
import { startJob } from '../../server/services/job-progress';
import { sweepDeadJobs } from '../../server/jobs/recovery';

let t: TestApp;
let video: { id: number; file: string };
let person: FoundPerson;
let later: FoundPerson[];
const START = 30;
let calls: ReturnType<typeof trackCalls>;

async function addBox(track: number, frame: number, source: string, b: FoundPerson) {
  await t.database.sql.query(
    'insert into detections (video_id, track_id, frame, x1, y1, x2, y2, confidence, source) values ($1, $2, $3, $4, $5, $6, $7, 0.9, $8)',
    [video.id, track, frame, b.x1, b.y1, b.x2, b.y2, source],
  );
}
const follow = (track: number, body: object, headers: Record<string, string> = as('ann.one')) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/annotations/${video.id}/tracks/${track}/follow`,
    headers,
    payload: body,
  });
const jobRow = async (id: number) =>
  (
    await t.database.sql.query<{
      state: string;
      kind: string;
      progress: number;
      result: Record<string, unknown>;
      message: string | null;
    }>('select state, kind, progress, result, message from job_progress where id = $1', [id])
  ).rows[0];
const ended = (id: number) => async () => !['queued', 'running'].includes((await jobRow(id)).state);

beforeAll(async () => {
  t = await makeTestApp({ env: { VAT_MODELS_DIR: TEST_MODELS_DIR } });
  calls = trackCalls(t);
  video = await addPeopleVideo(t);
  [person] = await peopleAt(t, video.file, START);
  later = await peopleAt(t, video.file, START + 20);
  for (const track of [1, 2, 3]) await addBox(track, START, 'ai', person);
  await addBox(2, START + 10, 'human', person); // track 2's next keyframe
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('POST /annotations/{id}/tracks/{trackId}/follow', () => {
  it('extends the track frame by frame with ai boxes that stay on the moving person, as a job in the activity list', async () => {
    const before = (await calls.versions(video.id))[1];
    const tag = await calls.summaryTag(video.id);
    const r = await follow(1, { from_frame: START, direction: 'forward', max_frames: 20, version: before });
    expect(r.statusCode).toBe(202);
    const jobId = r.json().job_id as number;
    await waitFor(ended(jobId), 'the follow job to end', 120_000);
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ state: 'done', kind: 'follow', progress: 100 });
    expect(job.result).toMatchObject({ frames: 20, stopped: 'max_frames', track_version: before + 1 });
    const rows = await calls.rows(video.id, 1);
    expect(rows.map((x) => x.frame)).toEqual(Array.from({ length: 21 }, (_, i) => START + i));
    expect(
      rows.slice(1).every((x) => x.source === 'ai' && x.keypoints?.length === 51 && x.updated_by_id === 'ann.one'),
    ).toBe(true);
    // twenty frames on, the box is still on that person, who moved in the picture
    const last = rows[rows.length - 1];
    expect(Math.max(...later.map((p) => iouOf(p, last)))).toBeGreaterThan(0.5);
    expect(iouOf(person, last)).toBeLessThan(Math.max(...later.map((p) => iouOf(p, last))));
    expect((await calls.versions(video.id))[1]).toBe(before + 1);
    expect(await calls.summaryTag(video.id)).not.toBe(tag);
    const activity = (await t.app.inject({ url: '/api/v1/jobs/activity', headers: as('ann.one') })).json() as {
      jobs: Array<{ id: number; kind: string; state: string }>;
    };
    expect(activity.jobs.find((j) => j.id === jobId)).toMatchObject({ kind: 'follow', state: 'done' });
    const log = (
      await t.database.sql.query<{ line: string }>('select line from processing_log where video_id = $1', [video.id])
    ).rows
      .map((x) => x.line)
      .join('\n');
    expect(log).toMatch(/track 1: followed forward from frame 30 .* by ann\.one/);
    // the job's undo token puts the track back as it was before the follow
    const undo = await calls.restore(video.id, job.result.undo_token as number);
    expect(undo.statusCode).toBe(200);
    expect((await calls.rows(video.id, 1)).map((x) => x.frame)).toEqual([START]);
  }, 180_000);

  it('stops before the next keyframe and leaves the keyframe as it was', async () => {
    const version = (await calls.versions(video.id))[2];
    const r = await follow(2, { from_frame: START, direction: 'forward', max_frames: 50, version });
    expect(r.statusCode).toBe(202);
    await waitFor(ended(r.json().job_id), 'the follow job to end', 120_000);
    expect((await jobRow(r.json().job_id)).result).toMatchObject({ frames: 9, stopped: 'keyframe' });
    const rows = await calls.rows(video.id, 2);
    expect(rows.map((x) => x.frame)).toEqual(Array.from({ length: 11 }, (_, i) => START + i));
    expect(rows[10]).toMatchObject({ source: 'human', version: 1 });
    expect(rows[10].x1).toBeCloseTo(person.x1, 5);
  }, 180_000);

  it('walks backward from a box', async () => {
    const version = (await calls.versions(video.id))[2];
    const r = await follow(2, { from_frame: START, direction: 'backward', max_frames: 30, version });
    await waitFor(ended(r.json().job_id), 'the follow job to end', 120_000);
    expect((await jobRow(r.json().job_id)).result).toMatchObject({ frames: 30, stopped: 'max_frames' });
    const rows = await calls.rows(video.id, 2);
    expect(rows[0].frame).toBe(0);
    expect(rows.filter((x) => x.frame < START).every((x) => x.source === 'ai')).toBe(true);
  }, 180_000);

  it('a cancel ends the job cancelled and leaves the track unchanged', async () => {
    const before = await calls.boxes(video.id, 3);
    const version = (await calls.versions(video.id))[3];
    const r = await follow(3, { from_frame: START, direction: 'forward', max_frames: 200, version });
    const jobId = r.json().job_id as number;
    await waitFor(async () => (await jobRow(jobId)).progress > 0, 'the follow job to make progress', 120_000);
    const twice = await follow(3, { from_frame: START, direction: 'backward', max_frames: 10, version }, as('ann.two'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toMatch(
      new RegExp(`Track 3 is already being followed \\(job ${jobId}, started by ann\\.one\\)`),
    );
    const c = await t.app.inject({ method: 'POST', url: `/api/v1/jobs/${jobId}/cancel`, headers: as('ann.one') });
    expect(c.statusCode).toBe(200);
    await waitFor(ended(jobId), 'the follow job to end', 60_000);
    expect((await jobRow(jobId)).state).toBe('cancelled');
    expect(await calls.boxes(video.id, 3)).toEqual(before);
    expect((await calls.versions(video.id))[3]).toBe(version);
  }, 180_000);

  it('needs the track version (428), a current one (409), a box to start from (422), good input (400) and a signed-in user (401)', async () => {
    const version = (await calls.versions(video.id))[3];
    const body = { from_frame: START, direction: 'forward', max_frames: 5 };
    const none = await follow(3, body);
    expect(none.statusCode).toBe(428);
    expect(none.json().detail).toMatch(/version/);
    const stale = await follow(3, { ...body, version: version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/Track 3 was changed/);
    const empty = await follow(3, { ...body, from_frame: START + 100, version });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toMatch(/no box at frame/);
    const past = await follow(3, { ...body, from_frame: 100_000, version });
    expect(past.statusCode).toBe(422);
    for (const bad of [
      { ...body, max_frames: 0, version },
      { ...body, max_frames: 1801, version },
      { ...body, direction: 'sideways', version },
    ]) {
      const x = await follow(3, bad);
      expect(x.statusCode).toBe(400);
      expect(x.json().detail).toBeTruthy();
    }
    expect((await follow(3, { ...body, version }, {})).statusCode).toBe(401);
  });

  it('a follow left running by a stopped server ends failed at the next start (no row stays running)', async () => {
    const id = await startJob(t.database.db, {
      kind: 'follow',
      videoId: video.id,
      subject: `track:${video.id}:3`,
      startedBy: 'ann.one',
    });
    await sweepDeadJobs(t.database, null, { singleProcess: true });
    expect((await jobRow(id)).state).toBe('failed');
  });

  it('shows its frames as they come, ends done with the versions it wrote, and a second follow of the track runs', async () => {
    await addBox(6, START, 'ai', person);
    const progress = (jobId: number, after = 0) =>
      t.app.inject({
        url: `/api/v1/annotations/${video.id}/tracks/6/follow/${jobId}?after=${after}`,
        headers: as('ann.one'),
      });
    const version = (await calls.versions(video.id))[6] ?? 1; // a track without a version row is at 1
    const r = await follow(6, { from_frame: START, direction: 'forward', max_frames: 10, version });
    expect(r.json()).toMatchObject({ job_id: expect.any(Number) });
    const jobId = r.json().job_id as number;
    // polled as the editor does: each answer adds the frames after the ones already seen
    const seen: number[] = [];
    let last = (await progress(jobId)).json();
    expect(last).toMatchObject({ next: expect.any(Number) });
    while (last.state === 'running') {
      seen.push(...last.frames.map((f: { frame: number }) => f.frame));
      await new Promise((res) => setTimeout(res, 200));
      last = (await progress(jobId, seen.length)).json();
    }
    seen.push(...last.frames.map((f: { frame: number }) => f.frame));
    expect(last).toMatchObject({ state: 'done', stopped: 'max_frames', next: 10, track_version: version + 1 });
    expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => START + 1 + i));
    const rows = await calls.rows(video.id, 6);
    // its frames with a low pose score are the track's low-confidence frames of the problem list
    const review = (await t.app.inject({ url: `/api/v1/annotations/${video.id}/review-summary` })).json() as {
      tracks: Array<{ track_id: number; low: number[] }>;
    };
    const low = review.tracks.find((x) => x.track_id === 6)?.low ?? [];
    const inLow = (f: number) => low.some((_, i) => i % 2 === 0 && f >= low[i] && f <= low[i + 1]);
    expect(seen.filter(inLow)).toEqual(last.low_frames);
    expect(last.detection_versions).toEqual(
      rows.slice(1).map((x) => ({ track_id: 6, frame: x.frame, version: x.version })),
    );
    // another track's box where the followed person walks: a second follow stops before it and says so
    const met = rows.find((x) => x.frame === START + 5)!;
    await addBox(5, START + 5, 'ai', { ...met, score: 1 });
    const job = (await jobRow(jobId)).result as { undo_token: number };
    await calls.restore(video.id, job.undo_token);
    const again = await follow(6, {
      from_frame: START,
      direction: 'forward',
      max_frames: 10,
      version: (await calls.versions(video.id))[6],
    });
    expect(again.statusCode).toBe(202);
    const second = again.json().job_id as number;
    await waitFor(ended(second), 'the second follow to end', 120_000);
    expect((await jobRow(second)).result).toMatchObject({
      frames: 4,
      stopped: 'ran into another person',
      into_track: 5,
    });
    expect((await jobRow(second)).message).toMatch(/ran into T5's box at frame 35/);
    expect((await progress(second)).json()).toMatchObject({
      state: 'done',
      into_track: 5,
      next: 4,
      message: expect.stringMatching(/^4 frame\(s\) followed; stopped: ran into T5's box at frame 35/),
    });
    expect((await calls.rows(video.id, 6)).map((x) => x.frame)).toEqual([30, 31, 32, 33, 34]);
    // another track's follow is not readable under this track's id
    expect(
      (await t.app.inject({ url: `/api/v1/annotations/${video.id}/tracks/5/follow/${second}`, headers: as('ann.one') }))
        .statusCode,
    ).toBe(404);
  }, 240_000);
});
