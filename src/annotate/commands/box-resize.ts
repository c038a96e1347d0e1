// box.resize: a corner handle dragged to a new place.
import { detectionOps } from '../save/server-ops';
import { setBox } from './detection-draft';
import type { CommandDef } from './types';

export const boxResize: CommandDef<'box.resize'> = {
  name: 'box.resize',
  label: 'Resize box',
  recipe: setBox,
  serverOps: (a, ctx) => detectionOps(a.trackId, a.frame, ctx),
};
