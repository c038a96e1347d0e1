// segment.move: a timeline bar dragged by its body.
import { applyChanges, patchOps } from './segment-changes';
import type { CommandDef } from './types';

export const segmentMove: CommandDef<'segment.move'> = {
  name: 'segment.move',
  label: 'Move action',
  recipe: applyChanges,
  serverOps: patchOps,
};
