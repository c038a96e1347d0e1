// Action saves of the data panel and 'Add Action Here'. Create, duplicate and
// delete ask the server first (they need its id / may fail with 'Create {status}' …) and then become one
// undoable command; field edits apply at once and save in the queue (a failure keeps them as a draft).
import { getDoc } from '../document/store';
import { getUi, setUi } from '../document/ui-store';
import { NEW_ACTION_CLASS, NEW_ACTION_CONFIDENCE, NEW_ACTION_LENGTH_S } from '../../../domain/constants';
import { newActionSpan, spanProblem } from '../../../domain/ops/segment-time';
import type { ActionSegment } from '../../../domain/types';
import type { SegmentFields } from '../commands/types';
import { clearDraft, draftIds, getDraft, history, markNew, notify, saveQueue } from './edit-session';

const placeholder = (fields: Omit<ActionSegment, 'id' | 'human_verified'>): ActionSegment => ({ id: 0, human_verified: true, ...fields });

export async function addActionHere(): Promise<ActionSegment | null> {
  const doc = getDoc();
  if (!doc) return null;
  const trackId = doc.trackIds[0];
  if (trackId === undefined) { notify('warning', 'No tracks to attach action'); return null; }
  const span = newActionSpan(getUi().time, doc.info.duration, NEW_ACTION_LENGTH_S);
  try {
    const saved = await saveQueue.run<ActionSegment>({
      kind: 'segment.create', videoId: doc.videoId, purpose: 'add',
      segment: placeholder({ track_id: trackId, action_class: NEW_ACTION_CLASS, start_time: span.start, end_time: span.end, confidence: NEW_ACTION_CONFIDENCE }),
    });
    history.perform('segment.add', { segment: saved }, { synced: true });
    markNew(saved.id);
    setUi({ selectedSegmentId: saved.id, selectedTrackId: saved.track_id });
    return saved;
  } catch { return null; /* 'Create {status}' / 'Failed to add segment' shown by the queue */ }
}

export async function duplicateAction(s: ActionSegment): Promise<void> {
  const doc = getDoc();
  if (!doc) return;
  try {
    const saved = await saveQueue.run<ActionSegment>({
      kind: 'segment.create', videoId: doc.videoId, purpose: 'duplicate',
      segment: placeholder({ ...s, confidence: Number.isFinite(s.confidence) ? s.confidence : NEW_ACTION_CONFIDENCE }),
    });
    history.perform('segment.duplicate', { segment: saved }, { synced: true });
    markNew(saved.id);
  } catch { /* 'Duplicate {status}' / 'Failed to duplicate' shown by the queue */ }
}

export async function deleteAction(id: number): Promise<void> {
  const doc = getDoc();
  if (!doc) return;
  try {
    await saveQueue.run({ kind: 'segment.delete', videoId: doc.videoId, id });
    clearDraft(id);
    history.perform('segment.delete', { id }, { synced: true });
    if (getUi().selectedSegmentId === id) setUi({ selectedSegmentId: null });
  } catch { /* 'Delete {status}' / 'Failed to delete' shown by the queue */ }
}

/** Saves a row: its draft becomes an undoable edit; a row whose last save failed is sent again. */
export function saveAction(id: number): string | null {
  const doc = getDoc();
  const seg = doc?.segments.find((s) => s.id === id);
  if (!doc || !seg) return null;
  const draft = getDraft(id) ?? {};
  const next = { ...seg, ...draft };
  const problem = spanProblem({ start: next.start_time, end: next.end_time }, doc.info.duration);
  if (problem) { notify('error', `Failed to save: ${problem}`); return problem; }
  const changes: SegmentFields = {};
  for (const [k, v] of Object.entries(draft) as [keyof SegmentFields, never][]) if (seg[k] !== v) changes[k] = v;
  clearDraft(id);
  const failed = id in saveQueue.getState().failedSegments;
  if (Object.keys(changes).length > 0) history.perform('segment.update', { id, changes: { ...changes, human_verified: true } });
  else if (failed) {
    saveQueue.clearFailure(id);
    saveQueue.enqueue({
      kind: 'segment.patch', videoId: doc.videoId, id,
      fields: { track_id: seg.track_id, action_class: seg.action_class, start_time: seg.start_time, end_time: seg.end_time, confidence: seg.confidence, human_verified: seg.human_verified },
    });
  }
  return null;
}

/** 'Save All': every row with a draft or a failed save. */
export function saveAll(): void {
  const ids = new Set([...draftIds(), ...Object.keys(saveQueue.getState().failedSegments).map(Number)]);
  for (const id of ids) saveAction(id);
}
