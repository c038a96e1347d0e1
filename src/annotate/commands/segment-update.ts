// action.update: a data panel row saved (class, track, start, end).
import { applyChanges, patchOps } from './segment-changes';
import type { CommandDef } from './types';

export const segmentUpdate: CommandDef<'segment.update'> = {
  name: 'segment.update',
  label: 'Edit action',
  recipe: applyChanges,
  serverOps: patchOps,
};
