// The correction commands the server does first (range delete, split, swap, move, interpolate, propagate):
// one call there (one transaction, it hands out the undo token and the ids of new tracks), then the same
// edit becomes one undoable command in the document, as track merge does (track-edits.ts). A failure is
// named by the save queue ('Split failed (409): …') and changes nothing here.
import { getCommand } from '../commands/registry';
import type { CommandArgs, CommandName } from '../commands/types';
import type { AnnotationEditor } from '../editor/AnnotationEditor';

/** Runs a command: server-first when it is a range edit, else straight into the history and the save queue. */
export async function performCorrection<N extends CommandName>(editor: AnnotationEditor, name: N, args: CommandArgs[N]): Promise<boolean> {
  const def = getCommand(name);
  const doc = editor.getDoc();
  if (!doc) return false;
  if (!def.rangeCall) return editor.perform(name, args);
  const { trackId, call } = def.rangeCall(args);
  try {
    const answer = await editor.saves.run<Record<string, unknown>>({ kind: 'track.range', videoId: doc.videoId, trackId, call, token: { value: null } });
    const done = def.withAnswer ? def.withAnswer(args, answer ?? {}) : args;
    const token = typeof answer?.undo_token === 'number' ? answer.undo_token : undefined;
    editor.perform(name, done, { synced: true, token });
    return true;
  } catch { return false; }
}
