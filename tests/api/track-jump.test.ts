// GET /annotations/{id}/tracks/{trackId}/jump: the nearest keyframe (human or outside box) or analysed frame
// (any stored box but a fill) of one track before or after a frame, from the whole track in the database
// (the editor's ',' '.' '<' '>' ask it, so a jump does not depend on the windows it has loaded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo } from '../annotate-edit/seed';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const jump = (videoId: number, track: number, query: string) =>
  t.app.inject({ url: `/api/v1/annotations/${videoId}/tracks/${track}/jump?${query}` });

describe('GET /annotations/{id}/tracks/{trackId}/jump', () => {
  it('finds the next and previous keyframe, and the analysed frames that are no fill', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    // track 1 over 0..9: keyframes at 3 (human) and 7 (outside); 4..6 filled
    await t.database.db.execute(sql`update detections set source = case
      when frame = 3 then 'human' when frame = 7 then 'outside'
      when frame between 4 and 6 then 'interpolated' else 'ai' end
      where video_id = ${videoId} and track_id = 1`);
    const frame = async (q: string) => {
      const res = await jump(videoId, 1, q);
      expect(res.statusCode).toBe(200);
      return res.json().frame;
    };
    expect(await frame('from=0&direction=next')).toBe(3);
    expect(await frame('from=3&direction=next&kind=keyframe')).toBe(7);
    expect(await frame('from=7&direction=next')).toBeNull();
    expect(await frame('from=9&direction=prev')).toBe(7);
    expect(await frame('from=3&direction=prev')).toBeNull();
    expect(await frame('from=3&direction=next&kind=analysed')).toBe(7);
    expect(await frame('from=7&direction=next&kind=analysed')).toBe(8);
    expect(await frame('from=7&direction=prev&kind=analysed')).toBe(3);
    expect((await jump(videoId, 1, 'from=0&direction=next')).json()).toEqual({ track_id: 1, frame: 3 });
  });

  it('answers null for a track without one, 400 for a bad query and 404 for an unknown video', async () => {
    const { videoId } = await seedAnnotatedVideo(t.database);
    expect((await jump(videoId, 42, 'from=0&direction=next')).json()).toEqual({ track_id: 42, frame: null });
    expect((await jump(videoId, 1, 'from=-1&direction=next')).statusCode).toBe(400);
    expect((await jump(videoId, 1, 'from=0&direction=up')).statusCode).toBe(400);
    expect((await jump(videoId, 1, 'from=0&direction=next&kind=ai')).statusCode).toBe(400);
    expect((await jump(999_999, 1, 'from=0&direction=next')).statusCode).toBe(404);
  });
});
