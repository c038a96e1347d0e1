// Action segment commands: move/resize on the timeline, update from the data panel, add/duplicate/delete.
import { shiftEdge } from '../../../domain/ops/segment-time';
import type { ActionSegment } from '../../../domain/types';
import type { EditorDoc } from '../document/types';
import { segmentCreateOps, segmentDeleteOps, segmentPatchOps } from '../save/server-ops';
import type { CommandDef, KeyLike, SegmentArgs, SegmentChangeArgs } from './types';

const applyChanges = ({ id, changes }: SegmentChangeArgs) => (draft: EditorDoc) => {
  const seg = draft.segments.find((s) => s.id === id);
  if (seg) Object.assign(seg, changes);
};

const insertSegment = ({ segment }: SegmentArgs) => (draft: EditorDoc) => {
  if (draft.segments.some((s) => s.id === segment.id)) return;
  // Keep the list ordered by start time (as the server sends it) so the panel order stays stable.
  const at = draft.segments.findIndex((s) => s.start_time > segment.start_time);
  draft.segments.splice(at === -1 ? draft.segments.length : at, 0, segment);
};

const patchOps = (a: SegmentChangeArgs, ctx: Parameters<typeof segmentPatchOps>[2]) => segmentPatchOps(a.id, a.changes, ctx);
const createOps = (a: SegmentArgs, ctx: Parameters<typeof segmentCreateOps>[1]) => segmentCreateOps(a.segment, ctx);

export const segmentMove: CommandDef<'segment.move'> = { name: 'segment.move', label: 'Move action', recipe: applyChanges, serverOps: patchOps };

/** Shift+[ or Shift+] with or without Alt. The physical key (code) decides: Shift+[ types '{' on US
 *  layouts and Alt changes the character on others. */
const bracket = (e: KeyLike) => e.shiftKey && !e.ctrlKey && !e.metaKey
  && (e.code === 'BracketLeft' || e.code === 'BracketRight' || (!e.code && (e.key === '{' || e.key === '}')));

export const segmentResize: CommandDef<'segment.resize'> = {
  name: 'segment.resize',
  label: 'Resize action',
  // '[' is the start edge and ']' the end edge; Shift alone moves the edge outwards (a longer action),
  // Alt+Shift moves it inwards, so every edge can go both ways from the keyboard.
  shortcuts: [
    { keys: 'Shift+[', does: 'Selected action: start 0.1 s earlier', group: 'segment', editOnly: true },
    { keys: 'Alt+Shift+[', does: 'Selected action: start 0.1 s later', group: 'segment', editOnly: true },
    { keys: 'Shift+]', does: 'Selected action: end 0.1 s later', group: 'segment', editOnly: true },
    { keys: 'Alt+Shift+]', does: 'Selected action: end 0.1 s earlier', group: 'segment', editOnly: true },
  ],
  keyTest: bracket,
  argsFromKey: (e, { doc, ui }) => {
    const seg = doc.segments.find((s) => s.id === ui.selectedSegmentId);
    if (!seg) return null;
    const isStart = e.code ? e.code === 'BracketLeft' : e.key === '{';
    const outwards: -1 | 1 = isStart ? -1 : 1;
    const span = shiftEdge({ start: seg.start_time, end: seg.end_time }, isStart ? 'start' : 'end', e.altKey ? (-outwards as -1 | 1) : outwards, doc.info.duration);
    if (span.start === seg.start_time && span.end === seg.end_time) return null;
    return { id: seg.id, changes: { start_time: span.start, end_time: span.end } };
  },
  recipe: applyChanges,
  serverOps: patchOps,
};

export const actionUpdate: CommandDef<'action.update'> = { name: 'action.update', label: 'Edit action', recipe: applyChanges, serverOps: patchOps };

export const actionAdd: CommandDef<'action.add'> = { name: 'action.add', label: 'Add action', recipe: insertSegment, serverOps: createOps };

export const actionDuplicate: CommandDef<'action.duplicate'> = { name: 'action.duplicate', label: 'Duplicate action', recipe: insertSegment, serverOps: createOps };

export const actionDelete: CommandDef<'action.delete'> = {
  name: 'action.delete',
  label: 'Delete action',
  recipe: ({ id }) => (draft) => {
    const i = draft.segments.findIndex((s) => s.id === id);
    if (i >= 0) draft.segments.splice(i, 1);
  },
  serverOps: ({ id }, ctx) => segmentDeleteOps(id, ctx),
};

/** The copy Duplicate posts: same fields, confidence defaulting to 0.7 when the original has none. */
export function duplicateFields(s: ActionSegment, defaultConfidence: number) {
  return {
    track_id: s.track_id, action_class: s.action_class, start_time: s.start_time, end_time: s.end_time,
    confidence: Number.isFinite(s.confidence) ? s.confidence : defaultConfidence,
  };
}
