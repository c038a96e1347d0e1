// segment.create: a new action dragged out on a timeline row (edit mode). The drag previews it under a
// draft id; on release the server creates it first (edit/segment-saves.ts), then this command records it
// under the server's id: undo deletes it on the server, redo puts it back under the same id.
import { createOps, insertSegment } from './segment-changes';
import type { CommandDef } from './types';

export const segmentCreate: CommandDef<'segment.create'> = {
  name: 'segment.create',
  label: 'Create action',
  recipe: insertSegment,
  serverOps: createOps,
};
