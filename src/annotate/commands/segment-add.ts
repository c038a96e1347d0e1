// segment.add: 'Add Action Here' (the server creates the segment first, then the document shows it).
import { createOps, insertSegment } from './segment-changes';
import type { CommandDef } from './types';

export const segmentAdd: CommandDef<'segment.add'> = {
  name: 'segment.add',
  label: 'Add action',
  recipe: insertSegment,
  serverOps: createOps,
};
