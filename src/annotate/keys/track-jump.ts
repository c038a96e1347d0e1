// ',' / '.' step through the selected track's keyframes (a person's box, or an outside keyframe), '<' / '>'
// through its analysed frames (any stored box that is no fill: the AI's, or a keyframe), from the frame the
// player shows or is already going to (a click on the timeline may still be seeking). The server answers
// from the whole track, so a jump never depends on which windows are loaded; inside a loaded window the
// document decides, since it holds the edits not saved yet. Presses queue: each starts where the last went.
import type { JumpKind } from '../../../domain/contract/track-jumps';
import type { EditorDoc } from '../document/types';
import { framesOf, frameAt } from '../document/frame-blocks';
import type { EditorCore } from '../editor/editor-core';

type Direction = 'prev' | 'next';

const SOURCES: Record<JumpKind, readonly string[]> = {
  keyframe: ['human', 'outside'],
  analysed: ['ai', 'human', 'outside'],
};
/** How often a server answer that the document contradicts (an unsaved delete) is asked past. */
const MAX_ASKS = 8;

const loaded = (doc: EditorDoc, frame: number) => doc.windows.some((w) => frame >= w.from && frame < w.to);
const qualifies = (doc: EditorDoc, trackId: number, frame: number, kind: JumpKind) =>
  SOURCES[kind].includes(frameAt(doc.detections[trackId], frame)?.source ?? '');

/** The nearest such frame of the track in the loaded document. */
function loadedNeighbour(doc: EditorDoc, trackId: number, from: number, dir: Direction, kind: JumpKind) {
  const frames = framesOf(doc.detections[trackId])
    .filter(([, d]) => SOURCES[kind].includes(d.source ?? ''))
    .map(([f]) => f);
  const found = dir === 'next' ? frames.find((f) => f > from) : frames.filter((f) => f < from).pop();
  return found ?? null;
}

/** The server's nearest such frame that the document does not contradict (null: none, or no answer). */
async function storedNeighbour(editor: EditorCore, trackId: number, from: number, dir: Direction, kind: JumpKind) {
  let at = from;
  for (let i = 0; i < MAX_ASKS; i++) {
    const doc = editor.getDoc();
    if (!doc) return null;
    const { frame } = await editor.deps.api.fetchTrackJump(doc.videoId, trackId, { from: at, direction: dir, kind });
    if (frame === null || !loaded(doc, frame) || qualifies(doc, trackId, frame, kind)) return frame;
    at = frame;
  }
  return null;
}

async function jumpOnce(editor: EditorCore, dir: Direction, kind: JumpKind): Promise<void> {
  const doc = editor.getDoc();
  const trackId = editor.getUi().selectedTrackId;
  const what = kind === 'keyframe' ? 'keyframe' : 'analysed frame';
  if (!doc || trackId === null) {
    editor.notify('info', `Select a track to jump between its ${what}s`);
    return;
  }
  const from = editor.player.headingTo;
  const local = loadedNeighbour(doc, trackId, from, dir, kind);
  let stored: number | null = null;
  try {
    stored = await storedNeighbour(editor, trackId, from, dir, kind);
  } catch {
    /* no answer: the loaded frames decide */
  }
  const found = [local, stored].filter((f): f is number => f !== null);
  if (!found.length) {
    editor.notify('info', `No ${what} of T${trackId} ${dir === 'next' ? 'after' : 'before'} frame ${from}`);
    return;
  }
  editor.player.pause();
  void editor.player.seekFrame(dir === 'next' ? Math.min(...found) : Math.max(...found));
}

const queues = new WeakMap<EditorCore, Promise<void>>();

/** Queues a jump of the selected track (the key is always taken: a jump that finds nothing says so). */
export function jumpTrackFrame(editor: EditorCore, dir: Direction, kind: JumpKind): Promise<void> {
  const next = (queues.get(editor) ?? Promise.resolve()).then(() => jumpOnce(editor, dir, kind));
  queues.set(editor, next);
  return next;
}
