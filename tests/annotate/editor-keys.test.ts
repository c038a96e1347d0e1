// The screen's one keyboard model, driven through the same listener as the page: Space plays and pauses
// (a hold that served a pan does not), '[' / ']' and the side arrows step a frame in view mode and in edit
// mode when no box is selected (Shift: 10 frames), Home / End go to the first / last frame, ',' / '.' jump
// between the selected track's keyframes and '<' / '>' between its analysed frames (from the server's whole
// track and the loaded document), and undo / redo work in edit mode only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toBlocked } from '../../src/annotate/document/frame-blocks';
import { det, sampleDoc } from '../annotate-edit/fixtures';
import { TestEditor } from './test-editor';
import type { FakeVideo } from './test-doubles';

const tick = () => new Promise((r) => setTimeout(r, 0));

let te: TestEditor;
let video: FakeVideo;
beforeEach(() => {
  const doc = sampleDoc();
  // track 1 has keyframes (human boxes) at frames 5, 40 and 120
  doc.detections[1] = toBlocked({
    0: det(0.1),
    5: { ...det(0.1), source: 'human' },
    40: { ...det(0.2), source: 'human' },
    120: { ...det(0.3), source: 'human' },
  });
  te = new TestEditor(doc);
  video = te.attachVideo();
});
afterEach(() => te.dispose());

/** Presses a key and waits until the seek it started has presented its frame. */
async function press(key: string, mods: Parameters<TestEditor['keyDown']>[1] = {}): Promise<boolean> {
  const taken = te.keyDown(key, mods);
  await tick();
  return taken;
}

describe('Space', () => {
  it('a tap plays, the next tap pauses; the key down is taken so the page never scrolls', () => {
    expect(te.keyDown(' ')).toBe(true);
    expect(video.paused).toBe(true); // playback toggles on release, once the press is known to be a tap
    expect(te.keyUp(' ')).toBe(true);
    expect(video.paused).toBe(false);
    expect(te.ui.playing).toBe(true);
    te.keyDown(' ');
    te.keyDown(' ', { repeat: true });
    te.keyUp(' ');
    expect(video.paused).toBe(true);
    expect(te.ui.playing).toBe(false);
  });

  it('a hold that served a pan does not toggle playback', () => {
    te.keyDown(' ');
    te.editor.spaceHold.markUsed();
    te.keyUp(' ');
    expect(video.paused).toBe(true);
  });

  it('plays in edit mode too', () => {
    te.enterEditMode();
    te.keyDown(' ');
    te.keyUp(' ');
    expect(video.paused).toBe(false);
  });
});

describe('frame steps', () => {
  it("view mode: ']' and → step forward, '[' and ← back, Shift+→ / Shift+← ten frames", async () => {
    expect(te.ui.mode).toBe('view');
    expect(await press(']')).toBe(true);
    expect(te.ui.frame).toBe(1);
    await press('ArrowRight');
    expect(te.ui.frame).toBe(2);
    await press('ArrowRight', { shift: true });
    expect(te.ui.frame).toBe(12);
    await press('ArrowLeft', { shift: true });
    expect(te.ui.frame).toBe(2);
    await press('[');
    await press('ArrowLeft');
    expect(te.ui.frame).toBe(0);
  });

  it('a step pauses playback', async () => {
    te.keyDown(' ');
    te.keyUp(' ');
    await press('ArrowRight');
    expect(video.paused).toBe(true);
    expect(te.ui.frame).toBe(1);
  });

  it('edit mode: an arrow moves the selected box and keeps the frame; after Escape (nothing selected) it steps a frame', async () => {
    te.enterEditMode();
    te.editor.updateUi({ selectedTrackId: 1 });
    const x1 = te.doc.detections[1][0][0].x1;
    await press('ArrowRight');
    expect(te.ui.frame).toBe(0);
    expect(te.doc.detections[1][0][0].x1).toBeGreaterThan(x1);
    expect(te.sent.at(-1)).toMatchObject({ kind: 'detection.put', trackId: 1, frame: 0 });
    // Escape clears the selection: the arrows then move no box, they step frames
    expect(await press('Escape')).toBe(true);
    const sent = te.sent.length;
    await press('ArrowRight');
    expect(te.ui.frame).toBe(1);
    expect(te.sent).toHaveLength(sent);
    await press(']');
    expect(te.ui.frame).toBe(2);
  });

  it('Home goes to the first frame and End to the last', async () => {
    await press('End');
    expect(te.ui.frame).toBe(299);
    await press('Home');
    expect(te.ui.frame).toBe(0);
  });
});

describe('keyframe jumps', () => {
  it("'.' and ',' go to the next and previous keyframe of the selected track, and say when there is none", async () => {
    te.editor.updateUi({ selectedTrackId: 1 });
    await press('.');
    expect(te.ui.frame).toBe(5);
    await press('.');
    expect(te.ui.frame).toBe(40);
    await press('.');
    expect(te.ui.frame).toBe(120);
    await press('.');
    expect(te.ui.frame).toBe(120);
    expect(te.messages.at(-1)).toBe('No keyframe of T1 after frame 120');
    await press(',');
    await press(',');
    expect(te.ui.frame).toBe(5);
  });

  it('say what is missing when no track is selected, and stay on the frame', async () => {
    await press('.');
    expect(te.ui.frame).toBe(0);
    expect(te.messages.at(-1)).toBe('Select a track to jump between its keyframes');
  });

  it('ask the server for keyframes outside the loaded windows; the document wins where it is loaded', async () => {
    // frames 0–149 are loaded; the server stores keyframes at 40 (deleted here, not saved yet) and 250
    const doc = te.doc;
    const blocks = { ...doc.detections[1], 0: { ...doc.detections[1][0], 40: { ...det(0.2), source: 'ai' as const } } };
    te.editor.publishDoc({ ...doc, windows: [{ from: 0, to: 150 }], detections: { ...doc.detections, 1: blocks } });
    te.storedSources[1] = { 5: 'human', 40: 'human', 120: 'human', 250: 'human' };
    te.editor.updateUi({ selectedTrackId: 1 });
    await press('.');
    await press('.');
    expect(te.ui.frame).toBe(120);
    await press('.');
    expect(te.ui.frame).toBe(250);
    await press(',');
    expect(te.ui.frame).toBe(120);
  });

  it('start from the frame a running seek is going to, and queue quick presses one after the other', async () => {
    te.editor.updateUi({ selectedTrackId: 1 });
    void te.editor.player.seekFrame(100); // a click on the timeline, still seeking
    te.keyDown('.');
    await tick();
    await tick();
    expect(te.ui.frame).toBe(120);
    await press('Home');
    te.keyDown('.');
    te.keyDown('.');
    await tick();
    await tick();
    expect(te.ui.frame).toBe(40);
  });

  it("'<' and '>' step through the analysed frames (AI boxes and keyframes), skipping filled ones", async () => {
    te.editor.publishDoc({ ...te.doc, windows: [{ from: 0, to: 150 }] });
    te.storedSources[2] = { 2: 'ai', 3: 'ai', 160: 'ai', 161: 'interpolated', 170: 'human' };
    te.editor.updateUi({ selectedTrackId: 2 });
    await press('>');
    expect(te.ui.frame).toBe(2);
    await press('End');
    await press('<');
    expect(te.ui.frame).toBe(170);
    await press('<');
    expect(te.ui.frame).toBe(160);
    await press('<');
    expect(te.ui.frame).toBe(3);
    await press('>', { shift: true });
    expect(te.ui.frame).toBe(160);
  });
});

describe('history and screen keys', () => {
  it('Ctrl+Z undoes in edit mode only', async () => {
    expect(te.keyDown('z', { ctrl: true })).toBe(false);
    te.enterEditMode();
    te.editor.updateUi({ selectedTrackId: 1 });
    const x1 = te.doc.detections[1][0][0].x1;
    await press('ArrowRight');
    expect(te.keyDown('z', { ctrl: true })).toBe(true);
    expect(te.doc.detections[1][0][0].x1).toBe(x1);
    expect(te.keyDown('y', { ctrl: true })).toBe(true);
    expect(te.doc.detections[1][0][0].x1).toBeGreaterThan(x1);
  });

  it("'?' opens the help and Alt+← / Alt+→ go to the neighbouring videos through what the screen registered", () => {
    const openHelp = vi.fn();
    const goToVideo = vi.fn(() => true);
    te.editor.screenActions.set({ openHelp, goToVideo }, undefined);
    expect(te.keyDown('?', { shift: true })).toBe(true);
    expect(openHelp).toHaveBeenCalledTimes(1);
    expect(te.keyDown('ArrowLeft', { alt: true })).toBe(true);
    expect(te.keyDown('ArrowRight', { alt: true })).toBe(true);
    expect(goToVideo.mock.calls).toEqual([[-1], [1]]);
    expect(te.ui.frame).toBe(0);
  });
});
