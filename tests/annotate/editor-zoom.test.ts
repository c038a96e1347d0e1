// Zoom and pan through the TestEditor: every press goes through editor.dispatch at a screen point (no
// target named; the hit-test picks it), so these show the wheel zooming around the pointer, the pans
// (middle button, Space held, hand tool), Fit and 1:1, the handle priority on a small person, edits at
// 4× landing where the pointer is, and a reload keeping the view.
import { afterEach, describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor';
import { MemoryStorage } from './test-doubles';
import { det, sampleDoc } from '../annotate-edit/fixtures';
import { frameAt } from '../../src/annotate/document/frame-blocks';
import { toBlocked } from '../../src/annotate/document/frame-blocks';
import type { EditorDoc } from '../../src/annotate/document/types';
import { navCommandForKey } from '../../src/annotate/keys/key-registry';

let te: TestEditor;
afterEach(() => te.dispose());

const W = 1280;
const H = 720;
/** Track 1 at frame 0 is x 0.1…0.3, y 0.1…0.5 of 1280×720: (128, 72)…(384, 360) px. */
const boxOf = (t: TestEditor, track: number) => {
  const d = frameAt(t.doc.detections[track], 0)!;
  return { x1: d.x1 * W, y1: d.y1 * H, x2: d.x2 * W, y2: d.y2 * H };
};

/** Track 3: a person 80 px tall at (600, 300)…(632, 380) whose 17 joints cover the body, ankles by the bottom corners. */
function withSmallPerson(): EditorDoc {
  const doc = sampleDoc();
  const kp = new Float32Array(51);
  for (let i = 0; i < 17; i++) {
    kp[i * 3] = (600 + (i % 2 ? 30 : 2)) / W;
    kp[i * 3 + 1] = (300 + (i * 78) / 16) / H;
    kp[i * 3 + 2] = 0.9;
  }
  const small = { ...det(0), x1: 600 / W, y1: 300 / H, x2: 632 / W, y2: 380 / H, keypoints: kp };
  return {
    ...doc,
    trackIds: [1, 2, 3],
    trackRanges: { ...doc.trackRanges, 3: { first: 0, last: 0 } },
    detections: { ...doc.detections, 3: toBlocked({ 0: small }) },
  };
}

describe('zoom and pan', () => {
  it('the wheel zooms around the pointer: the video point under it stays under it', () => {
    te = new TestEditor();
    const under = te.editor.viewport.toVideo({ x: 300, y: 200 });
    expect(te.wheel(300, 200, -100)).toBe('zoom');
    expect(te.editor.viewport.get().zoom).toBeCloseTo(1.25);
    for (let i = 0; i < 20; i++) te.wheel(300, 200, -100);
    expect(te.editor.viewport.get().zoom).toBe(8);
    const p = te.editor.viewport.toScreen(under);
    expect(p.x).toBeCloseTo(300, 6);
    expect(p.y).toBeCloseTo(200, 6);
  });

  it('a middle-button drag pans, in view mode too, and changes no document', () => {
    te = new TestEditor();
    te.wheel(640, 360, -300);
    const before = te.editor.viewport.get();
    const doc = te.doc;
    expect(te.pointerDown(500, 300, { button: 1 })).toBe('pan');
    te.pointerMove(460, 330).pointerUp();
    expect(te.editor.viewport.get()).toMatchObject({ panX: before.panX - 40, panY: before.panY + 30 });
    expect(te.doc).toBe(doc);
  });

  it('Space held turns a left drag on a box into a pan, and the hold is then no play/pause tap', () => {
    te = new TestEditor().enterEditMode();
    te.wheel(640, 360, -300);
    const before = te.editor.viewport.get();
    te.editor.spaceHold.press();
    expect(te.pointerDown(200, 200)).toBe('pan');
    te.pointerMove(230, 200).pointerUp();
    expect(te.editor.viewport.get().panX).toBeCloseTo(before.panX + 30);
    expect(te.editor.spaceHold.release()).toBe(false);
    expect(te.sent).toEqual([]);
    expect(te.editor.history.getState().canUndo).toBe(false);
  });

  it('the hand tool pans with the left button; without it the same press moves the box', async () => {
    te = new TestEditor().enterEditMode();
    te.wheel(640, 360, -300);
    te.editor.interaction.send({ type: 'tool.pan' });
    expect(te.pointerDown(200, 200)).toBe('pan');
    te.pointerMove(210, 200).pointerUp();
    expect(te.sent).toEqual([]);
    te.editor.interaction.send({ type: 'tool.select' });
    const at = te.editor.viewport.toScreen({ x: 250, y: 200 });
    expect(te.pointerDown(at.x, at.y)).toBe('drag');
    te.pointerMove(at.x + 20, at.y)
      .pointerMove(at.x + 40, at.y)
      .pointerUp();
    await te.settle();
    expect(te.sent).toEqual([expect.objectContaining({ kind: 'detection.put', trackId: 1 })]);
  });

  it('H switches the hand tool on and off, in view mode too', () => {
    te = new TestEditor();
    const h = { key: 'h', code: 'KeyH', shiftKey: false, ctrlKey: false, altKey: false, metaKey: false };
    const run = () => navCommandForKey(h)!.run(te.editor, { requireSignIn: () => true }, h);
    run();
    expect(te.editor.interaction.getSnapshot().context.tool).toBe('pan');
    te.wheel(640, 360, -200);
    expect(te.pointerDown(300, 300)).toBe('pan');
    te.pointerUp();
    run();
    expect(te.editor.interaction.getSnapshot().context.tool).toBe('select');
    expect(te.pointerDown(300, 300)).toBe('none');
  });

  it('Fit shows the whole picture again; 1:1 is one video pixel per screen pixel', () => {
    te = new TestEditor().view(960, 540);
    expect(te.editor.viewport.scale()).toBeCloseTo(0.75);
    te.editor.viewport.oneToOne();
    expect(te.editor.viewport.scale()).toBeCloseTo(1);
    expect(te.editor.viewport.get().zoom).toBeCloseTo(4 / 3);
    te.pointerDown(100, 100, { button: 1 });
    te.pointerMove(150, 100).pointerUp();
    te.editor.viewport.fit();
    expect(te.editor.viewport.get()).toEqual({ zoom: 1, panX: 0, panY: 0 });
    expect(te.editor.viewport.toScreen({ x: W, y: H })).toEqual({ x: 960, y: 540 });
  });

  it('a wheel during a pan zooms at the pointer and the pan goes on from there; a lost release ends the pan', () => {
    te = new TestEditor();
    te.wheel(640, 360, -300);
    te.pointerDown(400, 300, { button: 1 });
    te.pointerMove(420, 300);
    te.wheel(420, 300, -100);
    const under = te.editor.viewport.toVideo({ x: 420, y: 300 });
    te.pointerMove(450, 310);
    const p = te.editor.viewport.toScreen(under);
    expect(p.x).toBeCloseTo(450, 6);
    expect(p.y).toBeCloseTo(310, 6);
    // the release never came: the next press starts afresh (here a plain press in view mode, no pan)
    expect(te.pointerDown(500, 300)).toBe('none');
    const v = te.editor.viewport.get();
    te.pointerMove(600, 400);
    expect(te.editor.viewport.get()).toBe(v);
  });

  it('a pan cannot lose the picture', () => {
    te = new TestEditor();
    te.pointerDown(640, 360, { button: 1 });
    te.pointerMove(640 + 5000, 360 + 5000).pointerUp();
    const topLeft = te.editor.viewport.toScreen({ x: 0, y: 0 });
    expect(topLeft.x).toBeLessThan(W);
    expect(topLeft.y).toBeLessThan(H);
  });
});

describe('presses through dispatch', () => {
  it('a press at a point on a box selects and moves it, with no target named', async () => {
    te = new TestEditor().enterEditMode();
    expect(te.pointerDown(200, 200)).toBe('drag');
    expect(te.ui.selectedTrackId).toBe(1);
    te.pointerMove(220, 210).pointerMove(250, 250).pointerUp();
    await te.settle();
    expect(boxOf(te, 1)).toMatchObject({ x1: expect.closeTo(178, 3), y1: expect.closeTo(122, 3) });
    expect(te.editor.history.getState().undoLabel).toBe('Move box');
  });

  it('at 4× a corner dragged 40 screen px moves 10 video px, and the box lands under the pointer', async () => {
    te = new TestEditor().enterEditMode();
    te.editor.updateUi({ selectedTrackId: 1 });
    te.editor.viewport.zoomAt({ x: 384, y: 360 }, 4);
    const corner = te.editor.viewport.toScreen({ x: 384, y: 360 });
    expect(te.pointerDown(corner.x, corner.y)).toBe('drag');
    te.pointerMove(corner.x + 20, corner.y + 20)
      .pointerMove(corner.x + 40, corner.y + 20)
      .pointerUp();
    await te.settle();
    expect(te.editor.history.getState().undoLabel).toBe('Resize box');
    expect(boxOf(te, 1)).toMatchObject({
      x1: expect.closeTo(128, 3),
      x2: expect.closeTo(394, 3),
      y2: expect.closeTo(365, 3),
    });
    const shown = te.editor.viewport.toScreen({ x: boxOf(te, 1).x2, y: boxOf(te, 1).y2 });
    expect(shown.x).toBeCloseTo(corner.x + 40, 1);
    expect(shown.y).toBeCloseTo(corner.y + 20, 1);
  });

  it('a wheel zoom in the middle of a drag keeps the dragged thing under the pointer', async () => {
    te = new TestEditor().enterEditMode();
    expect(te.pointerDown(200, 200)).toBe('drag');
    te.pointerMove(220, 200);
    te.wheel(220, 200, -300);
    te.pointerMove(260, 200).pointerUp();
    await te.settle();
    // 20 screen px at fit, then 40 at 1.95× (the point under the pointer is the box's grip point)
    const grip = te.editor.viewport.toVideo({ x: 260, y: 200 });
    expect(boxOf(te, 1).x1).toBeCloseTo(128 + (grip.x - 200), 3);
  });

  it('on a small selected person a corner handle resizes the box, not the ankle joint under it', async () => {
    te = new TestEditor(withSmallPerson()).enterEditMode();
    te.editor.updateUi({ selectedTrackId: 3 });
    const joints = frameAt(te.doc.detections[3], 0)!.keypoints!.slice();
    expect(te.pointerDown(600, 380)).toBe('drag');
    te.pointerMove(590, 390).pointerMove(580, 400).pointerUp();
    await te.settle();
    expect(te.editor.history.getState().undoLabel).toBe('Resize box');
    expect(boxOf(te, 3)).toMatchObject({
      x1: expect.closeTo(580, 3),
      y2: expect.closeTo(400, 3),
      x2: expect.closeTo(632, 3),
    });
    expect([...frameAt(te.doc.detections[3], 0)!.keypoints!]).toEqual([...joints]);
  });

  it('away from the corners a joint handle drags the joint', async () => {
    te = new TestEditor(withSmallPerson()).enterEditMode();
    te.editor.updateUi({ selectedTrackId: 3 });
    expect(te.pointerDown(602, 339)).toBe('drag'); // joint 8 at (602, 339)
    expect(te.ui.selectedKeypoint).toBe(8);
    te.pointerMove(612, 339).pointerMove(622, 344).pointerUp();
    await te.settle();
    expect(te.editor.history.getState().undoLabel).toBe('Move keypoint');
    const kp = frameAt(te.doc.detections[3], 0)!.keypoints!;
    expect(kp[8 * 3] * W).toBeCloseTo(622, 2);
    expect(kp[8 * 3 + 1] * H).toBeCloseTo(344, 2);
  });

  it('a right press on a joint selects it', () => {
    te = new TestEditor(withSmallPerson()).enterEditMode();
    te.editor.updateUi({ selectedTrackId: 3 });
    expect(te.contextMenu(630, 324.375)).toBe('select'); // joint 5
    expect(te.ui).toMatchObject({ selectedTrackId: 3, selectedKeypoint: 5 });
    expect(te.contextMenu(900, 600)).toBe('none');
    // the ankle beside the bottom-left corner: a left press takes the corner, a right press the joint
    expect(te.contextMenu(602, 378)).toBe('select');
    expect(te.ui.selectedKeypoint).toBe(16);
  });

  it('a press on the empty picture draws a box at the zoomed point', () => {
    te = new TestEditor().enterEditMode();
    te.editor.viewport.zoomAt({ x: 1000, y: 600 }, 2);
    const from = te.editor.viewport.toScreen({ x: 900, y: 500 });
    expect(te.pointerDown(from.x, from.y)).toBe('drag');
    te.pointerMove(from.x + 60, from.y + 40)
      .pointerMove(from.x + 100, from.y + 80)
      .pointerUp();
    expect(te.doc.trackIds).toEqual([1, 2, 3]);
    const d = frameAt(te.doc.detections[3], 0)!;
    expect(d.x1 * W).toBeCloseTo(900, 3);
    expect(d.x2 * W).toBeCloseTo(950, 3);
    expect(d.y2 * H).toBeCloseTo(540, 3);
  });

  it('in view mode a left press edits nothing', () => {
    te = new TestEditor();
    expect(te.pointerDown(200, 200)).toBe('none');
    te.pointerMove(260, 260).pointerUp();
    expect(te.ui.selectedTrackId).toBeNull();
    expect(te.editor.history.getState().canUndo).toBe(false);
  });
});

describe('the view is kept per video', () => {
  it('a reload shows the same zoom and pan; another video opens at fit', () => {
    const storage = new MemoryStorage();
    te = new TestEditor(undefined, {}, storage);
    te.editor.open(7);
    te.wheel(300, 200, -400);
    const zoomed = te.editor.viewport.get();
    expect(zoomed.zoom).toBeGreaterThan(2);
    te.dispose();

    te = new TestEditor(undefined, {}, storage);
    te.editor.open(7);
    expect(te.editor.viewport.get()).toEqual(zoomed);
    te.editor.open(8);
    expect(te.editor.viewport.get()).toEqual({ zoom: 1, panX: 0, panY: 0 });
  });
});
