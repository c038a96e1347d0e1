// action.delete: a segment removed; its undo re-creates it under its old id.
import { segmentDeleteOps } from '../save/server-ops';
import type { CommandDef } from './types';

export const segmentDelete: CommandDef<'segment.delete'> = {
  name: 'segment.delete',
  label: 'Delete action',
  recipe:
    ({ id }) =>
    (draft) => {
      const i = draft.segments.findIndex((s) => s.id === id);
      if (i >= 0) draft.segments.splice(i, 1);
    },
  serverOps: ({ id }, ctx) => segmentDeleteOps(id, ctx),
};
