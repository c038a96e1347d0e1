// action.duplicate: a copy of a segment (the server creates it first).
import { createOps, insertSegment } from './segment-changes';
import type { CommandDef } from './types';

export const actionDuplicate: CommandDef<'action.duplicate'> = { name: 'action.duplicate', label: 'Duplicate action', recipe: insertSegment, serverOps: createOps };
