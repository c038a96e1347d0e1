// The edit side's client (save queue, history, action saves) against the real API server over HTTP:
// every edit lands in the database, undo saves the inverse, and failures carry the spec's texts.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { makeTestApp, type TestApp } from '../helpers/test-app';
import { seedAnnotatedVideo, type SeededVideo } from './seed';
import { setApiBase } from '../../src/api/request';
import type { EditorDoc } from '../../src/annotate/document/types';
import type { AnnotationSet } from '../../domain/types';
import { AnnotationEditor } from '../../src/annotate/editor/annotation-editor';
import { httpEditorApi } from '../../src/annotate/editor/editor-deps';
import { systemClock } from '../../src/annotate/clock';
import { addSegmentHere, deleteSegment, duplicateSegment, saveSegment } from '../../src/annotate/edit/segment-saves';
import { mergeWindow } from '../../src/annotate/loader/window-loader';
import { mergeTracks } from '../../src/annotate/edit/track-edits';
import { frameAt } from '../../src/annotate/document/frame-blocks';

let t: TestApp;
let v: SeededVideo;
const messages: string[] = [];

beforeAll(async () => {
  t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  setApiBase(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  const store = new Map<string, string>([
    ['va_user', JSON.stringify({ signedIn: true, id: 'client.one', role: 'annotator', ts: 1 })],
  ]);
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: () => {},
    removeItem: () => {},
  };
});
afterAll(async () => {
  await t.close();
});

// The page's editor, with the real API client and clock (a fresh one per test).
let editor: AnnotationEditor;

async function loadDoc(): Promise<EditorDoc> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/annotations/${v.videoId}` });
  const set = res.json() as AnnotationSet;
  const doc: EditorDoc = {
    videoId: v.videoId,
    info: set.video_info,
    trackIds: set.person_tracks.map((p) => p.track_id),
    // each track's span, as the summary gives it to the page
    trackRanges: Object.fromEntries(
      set.person_tracks.map((p) => {
        const frames = p.detections.map((d) => d.frame);
        return [p.track_id, { first: Math.min(...frames), last: Math.max(...frames) }];
      }),
    ),
    segments: set.action_segments,
    relationships: [],
    detections: {},
    windows: [],
  };
  editor.publishDoc(doc, 'load');
  return doc;
}
const serverSegments = async () =>
  (
    await t.database.sql.query<{
      id: number;
      action_class: string;
      start_time: number;
      end_time: number;
      confidence: number;
      track_id: number;
    }>(
      'select id, track_id, action_class, start_time, end_time, confidence from action_segments where video_id = $1 order by id',
      [v.videoId],
    )
  ).rows;

beforeEach(async () => {
  messages.length = 0;
  editor = new AnnotationEditor({
    api: httpEditorApi,
    clock: systemClock,
    notify: (_s, text) => {
      messages.push(text);
    },
  });
  v = await seedAnnotatedVideo(t.database);
  await loadDoc();
});
afterEach(() => editor.dispose());

describe('action edits against the real server', () => {
  it('Add Action Here creates run / 0.7 on the track at the playhead, clipped to its span; undo deletes it', async () => {
    // track 1 spans frames 0..9, track 2 frames 5..14 (30 fps): at frame 6 both are here, nothing is selected
    editor.updateUi({ frame: 6, time: 0.2 });
    const added = await addSegmentHere(editor);
    expect(added).toMatchObject({
      track_id: 1,
      action_class: 'run',
      start_time: 0.2,
      end_time: expect.closeTo(10 / 30, 4),
      confidence: expect.closeTo(0.7),
    });
    expect((await serverSegments()).map((s) => s.id)).toContain(added!.id);
    editor.undo();
    await editor.saves.flush();
    expect((await serverSegments()).map((s) => s.id)).not.toContain(added!.id);
    editor.redo();
    await editor.saves.flush();
    expect((await serverSegments()).find((s) => s.id === added!.id)).toMatchObject({
      action_class: 'run',
      start_time: 0.2,
    });
  });

  it('Add Action Here prefers the selected track when it is at the playhead, and says why when no track is there', async () => {
    editor.updateUi({ frame: 6, time: 0.2, selectedTrackId: 2 });
    expect(await addSegmentHere(editor)).toMatchObject({ track_id: 2, start_time: 0.2, end_time: 0.5 });
    editor.updateUi({ frame: 20, time: 20 / 30 });
    expect(await addSegmentHere(editor)).toBeNull();
    expect(messages).toEqual(['No track at the playhead: go to a frame where a person is tracked']);
  });

  it("says 'No tracks to attach action' when the video has no tracks", async () => {
    editor.publishDoc({ ...editor.getDoc()!, trackIds: [] }, 'load');
    expect(await addSegmentHere(editor)).toBeNull();
    expect(messages).toEqual(['No tracks to attach action']);
  });

  it('Save sends the draft; undo saves the old values back', async () => {
    const id = v.segmentIds[0];
    editor.rows.set(id, { action_class: 'kick', end_time: 2.5 });
    expect(saveSegment(editor, id)).toBeNull();
    await editor.saves.flush();
    expect((await serverSegments()).find((s) => s.id === id)).toMatchObject({ action_class: 'kick', end_time: 2.5 });
    expect(editor.getDoc()!.segments.find((s) => s.id === id)).toMatchObject({
      action_class: 'kick',
      updated_by_id: 'client.one',
      version: 2,
    });
    editor.undo();
    await editor.saves.flush();
    expect((await serverSegments()).find((s) => s.id === id)).toMatchObject({ action_class: 'run', end_time: 2 });
  });

  it('refuses a too short action before calling the server', async () => {
    editor.rows.set(v.segmentIds[0], { end_time: 0.05 });
    expect(saveSegment(editor, v.segmentIds[0])).toBe('An action must be at least 0.1 s long');
    expect(messages).toEqual(['Failed to save: An action must be at least 0.1 s long']);
  });

  it('shows the 409 detail when someone else saved first, and keeps the edit as unsaved', async () => {
    const id = v.segmentIds[1];
    await t.database.sql.query(
      "update action_segments set version = version + 1, updated_by_id = 'ann.two' where id = $1",
      [id],
    );
    editor.rows.set(id, { end_time: 4.5 });
    saveSegment(editor, id);
    await editor.saves.flush();
    expect(messages[0]).toMatch(/^Failed to save: This action was changed by ann\.two/);
    expect(editor.saves.getState().failedSegments[id]).toMatch(/changed by ann\.two/);
    expect(editor.getDoc()!.segments.find((s) => s.id === id)!.end_time).toBe(4.5);
    expect((await serverSegments()).find((s) => s.id === id)!.end_time).toBe(4);
  });

  it('Duplicate copies the action; Delete removes it and undo brings it back under its id', async () => {
    const src = editor.getDoc()!.segments[0];
    await duplicateSegment(editor, src);
    const segs = await serverSegments();
    expect(segs).toHaveLength(3);
    expect(segs[2]).toMatchObject({
      track_id: src.track_id,
      action_class: src.action_class,
      start_time: src.start_time,
      end_time: src.end_time,
    });
    await deleteSegment(editor, src.id);
    expect((await serverSegments()).map((s) => s.id)).not.toContain(src.id);
    editor.undo();
    await editor.saves.flush();
    expect((await serverSegments()).map((s) => s.id)).toContain(src.id);
  });

  it("names a failed delete 'Delete {status}'", async () => {
    await t.database.sql.query('delete from action_segments where id = $1', [v.segmentIds[0]]);
    await deleteSegment(editor, v.segmentIds[0]);
    expect(messages).toEqual([`Delete 404: Action ${v.segmentIds[0]} not found in video ${v.videoId}`]);
  });
});

describe('box edits and conflicts against the real server', () => {
  const storedBox = async (frame: number) =>
    (
      await t.database.sql.query<{ x1: number; version: number; updated_by_id: string | null }>(
        'select x1, version, updated_by_id from detections where video_id = $1 and track_id = 1 and frame = $2',
        [v.videoId, frame],
      )
    ).rows[0];
  const withWindow = async () =>
    editor.publishDoc(
      mergeWindow(editor.getDoc()!, await httpEditorApi.fetchDetectionWindow(v.videoId, 0, 20)),
      'detections-loaded',
    );
  const moveBox = (frame: number, x1: number) => {
    const shown = frameAt(editor.getDoc()!.detections[1], frame)!;
    return editor.perform('box.move', {
      trackId: 1,
      frame,
      box: { x1, y1: shown.y1, x2: x1 + 0.2, y2: shown.y2 },
      shown,
    });
  };
  const someoneElseSaves = (frame: number, x1: number) =>
    t.database.sql.query(
      "update detections set x1 = $3, version = version + 1, updated_by_id = 'ann.two', updated_at = now() where video_id = $1 and track_id = 1 and frame = $2",
      [v.videoId, frame, x1],
    );

  it('each box save sends the version it read, and the next one the version the server answered', async () => {
    await withWindow();
    moveBox(3, 0.2);
    await editor.saves.flush();
    moveBox(3, 0.25);
    await editor.saves.flush();
    expect(await storedBox(3)).toMatchObject({ x1: expect.closeTo(0.25), version: 3, updated_by_id: 'client.one' });
    editor.undo(); // undo is a change too: it sends the newest version
    await editor.saves.flush();
    expect(await storedBox(3)).toMatchObject({ x1: expect.closeTo(0.2), version: 4 });
    expect(editor.saves.getState().conflicts).toEqual([]);
  });

  it('keeps the draft when someone else saved the box first, names who and when, and "Overwrite with mine" saves it', async () => {
    await withWindow();
    await someoneElseSaves(4, 0.6);
    moveBox(4, 0.3);
    await editor.saves.flush();
    const [conflict] = editor.saves.getState().conflicts;
    expect(conflict.detail).toMatch(/^This box was changed by ann\.two at \d{4}-\d\d-\d\dT.* \(version 2\)/);
    expect(frameAt(editor.getDoc()!.detections[1], 4)!.x1).toBeCloseTo(0.3); // the user's draft stays on screen
    expect((await storedBox(4)).x1).toBeCloseTo(0.6);
    await editor.resolveConflict(conflict, 'mine');
    await editor.saves.flush();
    expect(await storedBox(4)).toMatchObject({ x1: expect.closeTo(0.3), version: 3, updated_by_id: 'client.one' });
    expect(editor.saves.getState().conflicts).toEqual([]);
  });

  it('"Reload theirs" shows the other user\'s box and the next edit is based on it', async () => {
    await withWindow();
    await someoneElseSaves(5, 0.6);
    moveBox(5, 0.3);
    await editor.saves.flush();
    await editor.resolveConflict(editor.saves.getState().conflicts[0], 'theirs');
    expect(frameAt(editor.getDoc()!.detections[1], 5)).toMatchObject({ x1: expect.closeTo(0.6), version: 2 });
    expect(editor.saves.getState().conflicts).toEqual([]);
    moveBox(5, 0.5);
    await editor.saves.flush();
    expect(await storedBox(5)).toMatchObject({ x1: expect.closeTo(0.5), version: 3 });
  });

  it('after a merge is undone, the next edit of a frame both tracks had is based on the restored box, not refused as a conflict', async () => {
    await withWindow();
    expect(await mergeTracks(editor, 1, 2)).toBe(true);
    editor.undo();
    await editor.saves.flush();
    moveBox(7, 0.35);
    await editor.saves.flush();
    expect(editor.saves.getState().conflicts).toEqual([]);
    expect(await storedBox(7)).toMatchObject({ x1: expect.closeTo(0.35), updated_by_id: 'client.one' });
  });

  it('keeps an action draft on a conflict and "Overwrite with mine" saves it with the fresh version', async () => {
    const id = v.segmentIds[1];
    await t.database.sql.query(
      "update action_segments set version = version + 1, updated_by_id = 'ann.two' where id = $1",
      [id],
    );
    editor.rows.set(id, { end_time: 4.5 });
    saveSegment(editor, id);
    await editor.saves.flush();
    const [conflict] = editor.saves.getState().conflicts;
    expect(conflict.detail).toMatch(/changed by ann\.two/);
    await editor.resolveConflict(conflict, 'mine');
    await editor.saves.flush();
    expect((await serverSegments()).find((s) => s.id === id)!.end_time).toBe(4.5);
    expect(editor.saves.getState().failedSegments[id]).toBeUndefined();
  });
});
