// A new action asks the server first (it hands out the id, and may refuse: 'Create {status}' …), then
// becomes one synced, undoable command: 'Add Action Here' (segment.add), a drag on a timeline row
// (segment.create, the timeline tool's release) and Duplicate (segment.duplicate). It shows a NEW chip.
import type { ActionSegment } from '../../../domain/types';
import type { EditorCore } from '../editor/editor-core';

/** A new action's fields (human_verified defaults to true: a person made it). */
export type NewSegmentFields = Omit<ActionSegment, 'id' | 'human_verified'> & { human_verified?: boolean };

export async function createSegment(
  editor: EditorCore,
  fields: NewSegmentFields,
  how: { command: 'segment.add' | 'segment.create' | 'segment.duplicate'; select: boolean },
): Promise<ActionSegment | null> {
  const doc = editor.getDoc();
  if (!doc) return null;
  try {
    const saved = await editor.saves.run<ActionSegment>({
      kind: 'segment.create',
      videoId: doc.videoId,
      purpose: how.command === 'segment.duplicate' ? 'duplicate' : 'add',
      segment: { id: 0, human_verified: true, ...fields },
    });
    editor.perform(how.command, { segment: saved }, { synced: true });
    editor.rows.markNew(saved.id);
    if (how.select) editor.updateUi({ selectedSegmentId: saved.id, selectedTrackId: saved.track_id });
    return saved;
  } catch {
    return null; /* 'Create {status}' / 'Failed to add segment' / 'Duplicate {status}' shown by the queue */
  }
}
