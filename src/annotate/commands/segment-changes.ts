// Shared by the segment commands: how a change or a new segment lands in the document, and the server
// operations of each.
import type { EditorDoc } from '../document/types';
import { segmentCreateOps, segmentPatchOps } from '../save/server-ops';
import type { SegmentArgs, SegmentChangeArgs } from './types';

export const applyChanges =
  ({ id, changes }: SegmentChangeArgs) =>
  (draft: EditorDoc) => {
    const seg = draft.segments.find((s) => s.id === id);
    if (seg) Object.assign(seg, changes);
  };

export const insertSegment =
  ({ segment }: SegmentArgs) =>
  (draft: EditorDoc) => {
    if (draft.segments.some((s) => s.id === segment.id)) return;
    // Keep the list ordered by start time (as the server sends it) so the panel order stays stable.
    const at = draft.segments.findIndex((s) => s.start_time > segment.start_time);
    draft.segments.splice(at === -1 ? draft.segments.length : at, 0, segment);
  };

export const patchOps = (a: SegmentChangeArgs, ctx: Parameters<typeof segmentPatchOps>[2]) =>
  segmentPatchOps(a.id, a.changes, ctx);
export const createOps = (a: SegmentArgs, ctx: Parameters<typeof segmentCreateOps>[1]) =>
  segmentCreateOps(a.segment, ctx);
