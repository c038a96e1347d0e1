// The review walk in the editor: the summary is read through the API edge, the problem kinds and the
// verified-track filter pick the problems, a jump selects the problem's track, and saved edits stamp a
// verified track "edited since verified" as the server does.
import { describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { navCommand, navCommandForKey } from '../../src/annotate/keys/key-registry';
import type { ReviewSummary } from '../../domain/review-navigation';

const summaryFor = (videoId: number): ReviewSummary => ({
  video_id: videoId,
  annotation_version: 1,
  frame_stride: 1,
  low_confidence_threshold: 0.7,
  overlap_iou: 0.5,
  tracks: [
    { track_id: 1, runs: [0, 1, 3, 5], low: [4, 5], verified: null },
    {
      track_id: 2,
      runs: [2, 8],
      low: [],
      verified: { by_id: 'x', by_name: null, at: '2026-01-01T00:00:00.000Z', edited_at: null, edited_by_id: null },
    },
  ],
  overlaps: [[1, 2, 3, 4]],
  overlaps_capped: null,
});

async function loaded() {
  const te = new TestEditor();
  te.reviewSummary = summaryFor(te.doc.videoId);
  await te.editor.review.load(te.doc.videoId);
  return te;
}
const key = (k: string, shiftKey = false) => ({ key: k, shiftKey, ctrlKey: false, metaKey: false, altKey: false });

describe('review navigation', () => {
  it('finds the problems of the chosen kind, skipping verified tracks unless asked not to', async () => {
    const te = await loaded();
    const r = te.editor.review;
    r.setFilter('edge');
    expect(r.problems().map((p) => [p.frame, p.trackId])).toEqual([
      [0, 1],
      [5, 1],
    ]);
    r.setSkipVerified(false);
    expect(r.problems().map((p) => [p.frame, p.trackId])).toEqual([
      [0, 1],
      [2, 2],
      [5, 1],
      [8, 2],
    ]);
    r.setFilter('gap');
    expect(r.problems().map((p) => p.frame)).toEqual([2]);
    r.setFilter('overlap');
    expect(r.problems()).toEqual([{ frame: 3, kind: 'overlap', trackId: 1 }]);
    // K cycles the kinds; Shift+K goes back
    navCommandForKey(key('k'))!.run(te.editor, { requireSignIn: () => true }, key('k'));
    expect(r.state.get().filter).toBe('all');
    navCommandForKey(key('K', true))!.run(te.editor, { requireSignIn: () => true }, key('K', true));
    expect(r.state.get().filter).toBe('overlap');
  });

  it('a jump selects the track of the problem; with none left it says so', async () => {
    const te = await loaded();
    const r = te.editor.review;
    r.setFilter('low');
    await r.jump(1);
    expect(r.state.get().current).toEqual({ frame: 4, kind: 'low', trackId: 1 });
    expect(te.ui.selectedTrackId).toBe(1);
    te.editor.updateUi({ frame: 4 });
    expect(await r.jump(1)).toBeNull();
    expect(r.state.get().message).toBe('No next problem (low confidence)');
    expect(navCommandForKey(key('n'))?.name).toBe('problem.next');
    expect(navCommandForKey(key('N', true))?.name).toBe('problem.prev');
  });

  it('V marks the selected track verified after the sign-in check, and clears a current mark', async () => {
    const te = await loaded();
    const verify = navCommand('track.verify');
    te.editor.updateUi({ selectedTrackId: 1 });
    verify.run(te.editor, { requireSignIn: () => false });
    await Promise.resolve();
    expect(te.editor.review.markOf(1)).toBeNull();
    verify.run(te.editor, { requireSignIn: () => true });
    await new Promise((res) => setTimeout(res, 0));
    expect(te.editor.review.markOf(1)).toMatchObject({ by_id: 'tester', edited_at: null });
    te.editor.updateUi({ selectedTrackId: 2 });
    verify.run(te.editor, { requireSignIn: () => true });
    await new Promise((res) => setTimeout(res, 0));
    expect(te.editor.review.markOf(2)).toBeNull();
  });

  it('a saved box edit of a verified track stamps it edited since verified', async () => {
    const te = await loaded();
    te.editor.review.afterSave({ kind: 'detection.delete', videoId: te.doc.videoId, trackId: 2, frame: 3 }, []);
    expect(te.editor.review.markOf(2)?.edited_at).toEqual(expect.any(String));
    // an edited mark counts as a problem track again
    te.editor.review.setFilter('edge');
    expect(te.editor.review.problems().map((p) => p.frame)).toEqual([0, 2, 5, 8]);
  });
});
