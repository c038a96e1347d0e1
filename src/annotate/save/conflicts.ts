// What the editor does with an edit someone else's save got in the way of (a 409 or 428 the save queue
// kept as a conflict; the user's draft is still in the document):
// - 'theirs': the stored detection or action is read again and replaces the draft on screen; the history
//   is cleared, since its entries were based on the replaced values;
// - 'mine': the stored version is read again and the refused op is saved once more based on it.
import { produce } from 'immer';
import { blockFor } from '../document/frame-blocks';
import { windowDetection } from '../loader/window-loader';
import type { LoaderApi } from '../loader/open-video';
import type { CompactDetection, EditorDoc } from '../document/types';
import type { Notify } from '../notify';
import type { ActionSegment } from '../../../domain/types';
import type { SaveQueue } from './save-queue';
import type { SaveConflict } from './save-queue-types';

/** What a conflict's resolution reaches of the editor (the editor is one). */
export interface ConflictHost {
  deps: { api: Pick<LoaderApi, 'fetchDetectionWindow' | 'fetchSummary'> };
  saves: SaveQueue;
  history: { clear(): void };
  rows: { clear(segmentId: number): void };
  getDoc(): EditorDoc | null;
  publishDoc(doc: EditorDoc, reason: 'server-stamp'): void;
  notify: Notify;
}

export type ConflictChoice = 'theirs' | 'mine';

async function storedDetection(
  editor: ConflictHost,
  videoId: number,
  trackId: number,
  frame: number,
): Promise<CompactDetection | null> {
  const win = await editor.deps.api.fetchDetectionWindow(videoId, frame, frame + 1);
  for (let i = 0; i < win.count; i++)
    if (win.tracks[i] === trackId && win.frames[i] === frame) return windowDetection(win, i);
  return null;
}

async function storedSegment(editor: ConflictHost, videoId: number, id: number): Promise<ActionSegment | null> {
  return (await editor.deps.api.fetchSummary(videoId)).action_segments.find((s) => s.id === id) ?? null;
}

export async function resolveConflict(editor: ConflictHost, c: SaveConflict, choice: ConflictChoice): Promise<void> {
  const { op } = c;
  const saves = editor.saves;
  if (op.kind === 'detection.put' || op.kind === 'detection.delete') {
    const theirs = await storedDetection(editor, op.videoId, op.trackId, op.frame);
    saves.dropConflict(c.key);
    saves.setDetectionVersion(op, theirs?.version ?? null);
    if (choice === 'mine') {
      if (op.kind === 'detection.put' || theirs) saves.enqueue(op);
      return;
    }
    editor.history.clear();
    const doc = editor.getDoc();
    if (!doc || doc.videoId !== op.videoId) return;
    editor.publishDoc(
      produce(doc, (d) => {
        const frames = blockFor((d.detections[op.trackId] ??= {}), op.frame);
        if (theirs) frames[op.frame] = theirs;
        else delete frames[op.frame];
      }),
      'server-stamp',
    );
    return;
  }
  if (op.kind !== 'segment.patch' && op.kind !== 'segment.delete') {
    saves.dropConflict(c.key);
    return;
  }
  const theirs = await storedSegment(editor, op.videoId, op.id);
  saves.dropConflict(c.key);
  saves.clearFailure(op.id);
  if (choice === 'mine') {
    if (!theirs) {
      if (op.kind === 'segment.patch')
        editor.notify('error', 'This action was deleted by someone else, so your change cannot be saved.');
      return;
    }
    if (theirs.version !== undefined) saves.setSegmentVersion(op.id, theirs.version);
    saves.enqueue(op);
    return;
  }
  editor.history.clear();
  editor.rows.clear(op.id);
  const doc = editor.getDoc();
  if (!doc || doc.videoId !== op.videoId) return;
  editor.publishDoc(
    produce(doc, (d) => {
      const i = d.segments.findIndex((s) => s.id === op.id);
      if (theirs && i >= 0) d.segments[i] = theirs;
      else if (theirs) d.segments.push(theirs);
      else if (i >= 0) d.segments.splice(i, 1);
    }),
    'server-stamp',
  );
}
