// 'Follow this person' as a live tool, through the TestEditor: the boxes the job makes show on the track as
// they come, with no reload; when it ends the track keeps the versions the server wrote, so a second Follow
// of the same track runs at once; the status line says why it stopped; a cancelled follow leaves nothing.
import { afterEach, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { frameAt } from '../../src/annotate/document/frame-blocks';
import { startFollow } from '../../src/annotate/edit/follow';
import { FOLLOW_POLL_MS } from '../../src/annotate/edit/follow-watch';
import type { FollowProgress } from '../../src/api/track-corrections';
import { sampleDoc } from '../annotate-edit/fixtures';

let te: TestEditor;
afterEach(() => te.dispose());

const made = (frame: number) => ({
  frame,
  box: { x1: 0.5 + frame / 100, y1: 0.2, x2: 0.7 + frame / 100, y2: 0.6 },
  keypoints: Array.from({ length: 17 }, () => [0.6, 0.4, 0.8] as [number, number, number]),
  confidence: 1,
});
const answer = (p: Partial<FollowProgress>): FollowProgress => ({
  state: 'running',
  frames: [],
  next: 0,
  stopped: null,
  into_track: null,
  message: null,
  low_frames: [],
  track_version: null,
  detection_versions: [],
  ...p,
});
const poll = async () => {
  te.clock.advance(FOLLOW_POLL_MS);
  await te.settle();
};
const x1At = (frame: number) => frameAt(te.doc.detections[2], frame)?.x1 ?? null;

it('shows the boxes as they come, keeps the versions the server wrote, and a second Follow runs without a reload', async () => {
  te = new TestEditor({ ...sampleDoc(), trackVersions: { 2: 9 } }, { selectedTrackId: 2, frame: 3 }).enterEditMode();
  te.followAnswers.push(
    answer({ frames: [made(4), made(5)], next: 2 }),
    answer({ frames: [made(6)], next: 3 }),
    answer({
      state: 'done',
      next: 3,
      stopped: 'ran into another person',
      into_track: 1,
      message: "3 frame(s) followed; stopped: ran into T1's box at frame 7",
      track_version: 10,
      detection_versions: [4, 5, 6].map((frame) => ({ track_id: 2, frame, version: 3 })),
    }),
  );
  expect(await startFollow(te.editor, 2, 'forward', 30)).toBe(77);
  await te.settle();
  expect([x1At(4), x1At(5), x1At(6)]).toEqual([0.54, 0.55, null]);
  await poll();
  expect(x1At(6)).toBeCloseTo(0.56);
  expect(te.doc.trackRanges[2]).toEqual({ first: 2, last: 6 });
  await poll();
  expect(frameAt(te.doc.detections[2], 5)).toMatchObject({ source: 'ai', version: 3 });
  expect(te.doc.trackVersions![2]).toBe(10);
  expect(te.messages).toContain("Follow of T2 ended: 3 frame(s) followed; stopped: ran into T1's box at frame 7");
  // the second follow is based on the version the first one wrote: no 409, no reload
  te.editor.updateUi({ frame: 6 });
  expect(await startFollow(te.editor, 2, 'forward', 30)).toBe(77);
  expect(te.followCalls[1]).toMatchObject({ trackId: 2, body: { from_frame: 6, version: 10 } });
});

it('a cancelled follow takes its boxes away again: the server wrote none', async () => {
  te = new TestEditor({ ...sampleDoc(), trackVersions: { 2: 9 } }, { selectedTrackId: 2, frame: 3 }).enterEditMode();
  te.followAnswers.push(
    answer({ frames: [made(3), made(4)], next: 2 }),
    answer({ state: 'cancelled', next: 2, message: 'cancelled by ann.one; the track is unchanged' }),
  );
  const before = x1At(3);
  await startFollow(te.editor, 2, 'forward', 30);
  await te.settle();
  expect(x1At(4)).toBeCloseTo(0.54);
  await poll();
  expect([x1At(3), x1At(4)]).toEqual([before, null]);
  expect(te.messages.at(-1)).toBe('Follow of T2 cancelled: cancelled by ann.one; the track is unchanged');
});
