// The correction commands the server does first (range delete, split, swap, move, interpolate, propagate):
// one call there (one transaction, it hands out the undo token and the ids of new tracks), then the same
// edit becomes one undoable command in the document, as track merge does (track-edits.ts). A failure is
// named by the save queue ('Split failed (409): …') and changes nothing here.
import { getCommand } from '../commands/registry';
import type { CommandArgs, CommandName } from '../commands/types';
import type { AnnotationEditor } from '../editor/annotation-editor';
import type { EditorDoc } from '../document/types';
import { frameTime } from '../commands/track-frames';

/** Split and swap cut an action that spans their frame in two on the server; the loaded document keeps
 *  it whole (the second part's id is the server's), so the user is told where to look. */
function spanningCut(doc: EditorDoc, name: CommandName, args: unknown): string | null {
  if (name !== 'track.split' && name !== 'track.swap') return null;
  const a = args as { trackId: number; otherTrackId?: number; frame?: number; from?: number };
  const frame = a.frame ?? a.from ?? 0;
  const t = frameTime(doc, frame);
  const tracks = [a.trackId, a.otherTrackId].filter((x) => x !== undefined);
  const cut = doc.segments.filter((s) => tracks.includes(s.track_id) && s.start_time < t && s.end_time > t);
  return cut.length
    ? `${cut.length === 1 ? 'An action spans' : `${cut.length} actions span`} frame ${frame}: the server cut ${cut.length === 1 ? 'it' : 'them'} there. Reload the video to see both parts.`
    : null;
}

/** Runs a command: server-first when it is a range edit, else straight into the history and the save queue. */
export async function performCorrection<N extends CommandName>(
  editor: AnnotationEditor,
  name: N,
  args: CommandArgs[N],
): Promise<boolean> {
  const def = getCommand(name);
  const doc = editor.getDoc();
  if (!doc) return false;
  const range = def.rangeCall?.(args);
  if (!range) return editor.perform(name, args);
  const { trackId, call } = range;
  try {
    const answer = await editor.saves.run({
      kind: 'track.range',
      videoId: doc.videoId,
      trackId,
      call,
      token: { value: null },
    });
    const done = def.withAnswer ? def.withAnswer(args, answer) : args;
    const token = answer.answer.undo_token;
    const note = spanningCut(doc, name, done);
    editor.perform(name, done, { synced: true, token });
    if (note) editor.notify('info', note);
    return true;
  } catch {
    return false;
  }
}
