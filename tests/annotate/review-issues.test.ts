// The review issues in the editor (editor.issues): R raises one on the selected track's box at this frame,
// or on a region drawn with no track selected; the list is read through the contract-checked fake server;
// a click goes to the issue's frame and selects its track; N/K walk open issues; resolving needs the
// version shown; the pins and the timeline marks stand where the issue is.
import { describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { navCommandForKey } from '../../src/annotate/keys/key-registry';
import { issuePinsAt } from '../../src/annotate/review/issue-pins';
import { drawIssueMarks } from '../../src/annotate/timeline/issue-timeline-draw';
import { CORNER_HIT_PX, TOUCH_HIT_FACTOR } from '../../src/annotate/canvas/hit-test';
import type { ReviewIssue } from '../../domain/contract/review-issues';

async function opened(): Promise<TestEditor> {
  const te = new TestEditor();
  await te.editor.issues.load(te.doc.videoId);
  return te;
}

describe('raising an issue', () => {
  it('R on a selected track opens the dialog on its box at this frame; sending lists it, selected', async () => {
    const te = await opened();
    te.editor.updateUi({ selectedTrackId: 1, frame: 2 });
    expect(te.keyDown('r')).toBe(true);
    const draft = te.editor.issues.state.get().draft!;
    expect(draft).toMatchObject({ frame: 2, trackId: 1, kind: 'wrong_box' });
    expect(draft.box!.x1).toBeCloseTo(0.12, 5);
    expect(draft.box!.y2).toBeCloseTo(0.5, 5);
    expect(await te.editor.issues.submit('wrong_box', 'box too loose', 8)).toBe(true);
    const s = te.editor.issues.state.get();
    expect(s.draft).toBeNull();
    expect(s.issues).toHaveLength(1);
    expect(s.issues[0]).toMatchObject({ frame: 2, to_frame: 8, track_id: 1, kind: 'wrong_box', text: 'box too loose' });
    expect(s.selectedId).toBe(s.issues[0].id);
    expect(te.issues[0].box!.x1).toBeCloseTo(0.12, 5);
  });

  it('R with no track selected draws a region first; Shift+R draws one for the selected track', async () => {
    const te = await opened();
    te.keyDown('r');
    expect(te.editor.issues.state.get()).toMatchObject({ region: { trackId: null }, draft: null });
    te.editor.issues.finishRegion({ x1: 0.7, y1: 0.2, x2: 0.9, y2: 0.8 });
    expect(te.editor.issues.state.get()).toMatchObject({
      region: null,
      draft: { trackId: null, kind: 'missed_person', box: { x1: 0.7, y1: 0.2, x2: 0.9, y2: 0.8 } },
    });
    te.editor.issues.cancelRaise();
    te.editor.updateUi({ selectedTrackId: 2 });
    te.keyDown('R', { shift: true });
    expect(te.editor.issues.state.get().region).toEqual({ trackId: 2 });
    expect(navCommandForKey({ key: 'r', shiftKey: false, ctrlKey: true, metaKey: false, altKey: false })).toBeNull();
  });
});

describe('the list', () => {
  it('a click goes to the first frame and selects the track; a resolved issue leaves the walk', async () => {
    const te = new TestEditor();
    te.attachVideo();
    await te.editor.issues.load(te.doc.videoId);
    te.editor.updateUi({ selectedTrackId: 1, frame: 3 });
    te.keyDown('r');
    await te.editor.issues.submit('identity_switch', 'swaps with T1', null);
    te.editor.updateUi({ selectedTrackId: null });
    const [issue] = te.editor.issues.state.get().issues;
    const seek = te.editor.issues.select(issue.id)!;
    await seek;
    expect(te.ui).toMatchObject({ frame: 3, selectedTrackId: 1 });
    expect(te.editor.issues.pins()).toEqual([{ frame: 3, trackId: 1, id: issue.id }]);
    expect(await te.editor.issues.setState(issue.id, 'resolved', 'fixed')).toBe(true);
    expect(te.editor.issues.state.get().issues[0]).toMatchObject({ state: 'resolved', version: 2 });
    expect(te.editor.issues.pins()).toEqual([]);
  });

  it('a change based on an old version is refused: the message shows and the list is read again', async () => {
    const te = await opened();
    te.editor.updateUi({ selectedTrackId: 1 });
    te.keyDown('r');
    await te.editor.issues.submit('wrong_box', 'x', null);
    te.issues[0].version = 5; // someone else resolved and reopened it meanwhile
    expect(await te.editor.issues.setState(te.issues[0].id, 'resolved')).toBe(false);
    expect(te.messages.at(-1)).toContain('changed by someone else');
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(te.editor.issues.state.get().issues[0].version).toBe(5);
  });

  it('N walks the open issues (the "Open review issue" kind) and selects their tracks', async () => {
    const te = new TestEditor();
    te.attachVideo();
    await te.editor.issues.load(te.doc.videoId);
    te.editor.updateUi({ selectedTrackId: 2, frame: 40 });
    te.keyDown('r');
    await te.editor.issues.submit('wrong_box', 'late', null);
    te.editor.updateUi({ selectedTrackId: null, frame: 0 });
    te.editor.review.setFilter('issue');
    const jump = te.editor.review.jump(1);
    await jump;
    expect(te.ui).toMatchObject({ frame: 40, selectedTrackId: 2 });
    expect(te.editor.issues.state.get().selectedId).toBe(te.issues[0].id);
  });
});

const issue = (over: Partial<ReviewIssue>): ReviewIssue => ({
  id: 1,
  video_id: 7,
  frame: 1,
  to_frame: 3,
  track_id: 1,
  track_label: 'T1',
  track_exists: true,
  box: null,
  kind: 'wrong_box',
  text: 'x',
  state: 'open',
  raised_by_id: 'r',
  raised_by_name: null,
  raised_at: '2026-01-01T00:00:00.000Z',
  resolved_by_id: null,
  resolved_by_name: null,
  resolved_at: null,
  updated_by_id: 'r',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  comments: [],
  ...over,
});

describe('where an issue is drawn', () => {
  it('on the frames of its range: on its region, else on its track box, else in the corner', () => {
    const te = new TestEditor();
    const id = (p: { x: number; y: number }) => p;
    const size = { width: 1280, height: 720 };
    const issues = [
      issue({ id: 1 }),
      issue({ id: 2, box: { x1: 0.5, y1: 0.5, x2: 0.75, y2: 1 } }),
      issue({ id: 3, track_id: null, track_label: null, track_exists: false }),
      issue({ id: 4, frame: 9, to_frame: null }),
      issue({ id: 5, state: 'resolved' }),
    ];
    const pins = issuePinsAt(issues, te.doc, { ...te.ui, frame: 2 }, id, size);
    expect(pins.map((p) => p.id)).toEqual([1, 2, 3]);
    // track 1's box at frame 2 is x 0.12–0.32, y 0.1–0.5
    expect(pins[0].rect!.left).toBeCloseTo(0.12 * 1280, 3);
    expect(pins[0].rect!.height).toBeCloseTo(0.4 * 720, 3);
    expect(pins[0].onTrack).toBe(true);
    expect(pins[1].rect).toEqual({ left: 640, top: 360, width: 320, height: 360 });
    expect(pins[2]).toMatchObject({ rect: null, at: { x: 4, y: 4 } });
    expect(issuePinsAt(issues, te.doc, { ...te.ui, frame: 4 }, id, size)).toEqual([]);
  });

  it("the marker under a box stays clear of the box's corner handles, so the annotator can still resize it", () => {
    const te = new TestEditor();
    const size = { width: 1280, height: 720 };
    const issues = [issue({ id: 1 }), issue({ id: 2, box: { x1: 0.5, y1: 0.5, x2: 0.75, y2: 0.9 } })];
    const reach = CORNER_HIT_PX * TOUCH_HIT_FACTOR; // a finger's reach around a corner handle
    for (const p of issuePinsAt(issues, te.doc, { ...te.ui, frame: 2 }, (q) => q, size)) {
      const bottom = p.rect!.top + p.rect!.height;
      expect(p.at.x).toBe(p.rect!.left);
      expect(p.at.y).toBeGreaterThan(bottom + reach);
    }
    // a box down to the picture's bottom edge keeps its marker on the picture, above the lower handles
    const low = issue({ id: 3, box: { x1: 0.5, y1: 0.5, x2: 0.75, y2: 1 } });
    const [p] = issuePinsAt([low], te.doc, { ...te.ui, frame: 2 }, (q) => q, size);
    expect(p.at.x).toBeGreaterThan(p.rect!.left + reach);
    expect(p.at.y + 16).toBeLessThan(720 - reach);
  });

  it('on the timeline: a band on its track row over its range, one across the top for no track', () => {
    const rects: number[][] = [];
    const ctx = {
      fillRect: (...a: number[]) => rects.push(a),
      beginPath() {},
      moveTo() {},
      lineTo() {},
      closePath() {},
      fill() {},
      fillStyle: '',
    } as unknown as CanvasRenderingContext2D;
    const layout = { width: 1000, duration: 10, trackIds: [1, 2] };
    const n = drawIssueMarks(
      ctx,
      layout,
      [issue({ frame: 30, to_frame: 59, track_id: 2 }), issue({ id: 2, track_id: null, track_exists: false })],
      30,
      null,
    );
    expect(n).toBe(2);
    // frames 30–59 at 30 fps are 1–2 s: x 100 to 200 on track 2's row (the second, below the 20 px axis)
    expect(rects[0]).toEqual([100, 42, 100, 22]);
  });
});
