// action.update: a data panel row saved (class, track, start, end).
import { applyChanges, patchOps } from './segment-changes';
import type { CommandDef } from './types';

export const actionUpdate: CommandDef<'action.update'> = { name: 'action.update', label: 'Edit action', recipe: applyChanges, serverOps: patchOps };
