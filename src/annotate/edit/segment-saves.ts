// Action saves of the data panel: 'Add Action Here' (edit/segment-target.ts says where), Duplicate and
// Delete ask the server first (tools/segment-create.ts: they need its id / may fail with 'Create {status}'
// …) and then become one undoable command; field edits apply at once and save in the queue (a failure
// keeps them as a draft).
import { NEW_ACTION_CLASS, NEW_ACTION_CONFIDENCE } from '../../../domain/constants';
import { spanProblem } from '../../../domain/ops/segment-time';
import type { ActionSegment, SegmentFields } from '../../../domain/types';
import type { EditorCore } from '../editor/editor-core';
import { createSegment, type NewSegmentFields } from '../tools/segment-create';
import { addSegmentTarget } from './segment-target';

export async function addSegmentHere(editor: EditorCore): Promise<ActionSegment | null> {
  const doc = editor.getDoc();
  if (!doc) return null;
  const target = addSegmentTarget(doc, editor.getUi());
  if (target.reason !== undefined) {
    editor.notify('warning', target.reason);
    return null;
  }
  const { trackId, span } = target;
  const fields: NewSegmentFields = {
    track_id: trackId,
    action_class: NEW_ACTION_CLASS,
    start_time: span.start,
    end_time: span.end,
    confidence: NEW_ACTION_CONFIDENCE,
  };
  return createSegment(editor, fields, { command: 'segment.add', select: true });
}

export async function duplicateSegment(editor: EditorCore, s: ActionSegment): Promise<void> {
  const { id: _id, ...fields } = s;
  const confidence = Number.isFinite(s.confidence) ? s.confidence : NEW_ACTION_CONFIDENCE;
  await createSegment(editor, { ...fields, confidence }, { command: 'segment.duplicate', select: false });
}

export async function deleteSegment(editor: EditorCore, id: number): Promise<void> {
  const doc = editor.getDoc();
  if (!doc) return;
  try {
    await editor.saves.run({ kind: 'segment.delete', videoId: doc.videoId, id });
    editor.rows.clear(id);
    editor.perform('segment.delete', { id }, { synced: true });
    if (editor.getUi().selectedSegmentId === id) editor.updateUi({ selectedSegmentId: null });
  } catch {
    /* 'Delete {status}' / 'Failed to delete' shown by the queue */
  }
}

/** Saves a row: its draft becomes an undoable edit; a row whose last save failed is sent again. */
export function saveSegment(editor: EditorCore, id: number): string | null {
  const doc = editor.getDoc();
  const seg = doc?.segments.find((s) => s.id === id);
  if (!doc || !seg) return null;
  const draft = editor.rows.get(id) ?? {};
  const next = { ...seg, ...draft };
  const problem = spanProblem({ start: next.start_time, end: next.end_time }, doc.info.duration);
  if (problem) {
    editor.notify('error', `Failed to save: ${problem}`);
    return problem;
  }
  const changes: SegmentFields = {};
  for (const [k, v] of Object.entries(draft) as [keyof SegmentFields, never][]) if (seg[k] !== v) changes[k] = v;
  editor.rows.clear(id);
  const failed = id in editor.saves.getState().failedSegments;
  if (Object.keys(changes).length > 0)
    editor.perform('segment.update', { id, changes: { ...changes, human_verified: true } });
  else if (failed) {
    editor.saves.clearFailure(id);
    editor.saves.enqueue({
      kind: 'segment.patch',
      videoId: doc.videoId,
      id,
      fields: {
        track_id: seg.track_id,
        action_class: seg.action_class,
        start_time: seg.start_time,
        end_time: seg.end_time,
        confidence: seg.confidence,
        human_verified: seg.human_verified,
      },
    });
  }
  return null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * 'Save All': every row with a draft or a failed save; then it says that everything is saved, or how many
 * changes are still on their way (boxes and actions alike), which rows kept a draft and how many conflicts wait.
 */
export function saveAll(editor: EditorCore): string {
  const ids = new Set([...editor.rows.ids(), ...Object.keys(editor.saves.getState().failedSegments).map(Number)]);
  for (const id of ids) saveSegment(editor, id);
  const { pending, conflicts } = editor.saves.getState();
  const drafts = editor.rows.ids().length;
  const parts = [
    pending ? `saving ${plural(pending, 'change', 'changes')}` : '',
    drafts ? `${plural(drafts, 'action row keeps', 'action rows keep')} a draft that cannot be saved` : '',
    conflicts.length ? `${plural(conflicts.length, 'conflict waits', 'conflicts wait')} for your choice` : '',
  ].filter(Boolean);
  const text = parts.length ? `Not everything is saved yet: ${parts.join('; ')}.` : 'Everything is saved.';
  editor.notify(parts.length ? 'info' : 'success', text);
  return text;
}
