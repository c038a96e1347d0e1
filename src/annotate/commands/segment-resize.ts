// segment.resize: a bar's end dragged, or an edge moved by 0.1 s with the bracket keys.
import { shiftEdge } from '../../../domain/ops/segment-time';
import { applyChanges, patchOps } from './segment-changes';
import type { CommandDef, KeyLike } from './types';

/** Shift+[ or Shift+] with or without Alt. The physical key (code) decides: Shift+[ types '{' on US
 *  layouts and Alt changes the character on others. */
const bracket = (e: KeyLike) =>
  e.shiftKey &&
  !e.ctrlKey &&
  !e.metaKey &&
  (e.code === 'BracketLeft' || e.code === 'BracketRight' || (!e.code && (e.key === '{' || e.key === '}')));

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
    const span = shiftEdge(
      { start: seg.start_time, end: seg.end_time },
      isStart ? 'start' : 'end',
      e.altKey ? (-outwards as -1 | 1) : outwards,
      doc.info.duration,
    );
    if (span.start === seg.start_time && span.end === seg.end_time) return null;
    return { id: seg.id, changes: { start_time: span.start, end_time: span.end } };
  },
  recipe: applyChanges,
  serverOps: patchOps,
};
