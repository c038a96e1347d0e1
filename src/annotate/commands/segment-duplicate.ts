// action.duplicate: a copy of a segment (the server creates it first).
import { createOps, insertSegment } from './segment-changes';
import type { CommandDef } from './types';

export const segmentDuplicate: CommandDef<'segment.duplicate'> = {
  name: 'segment.duplicate',
  label: 'Duplicate action',
  recipe: insertSegment,
  serverOps: createOps,
};
