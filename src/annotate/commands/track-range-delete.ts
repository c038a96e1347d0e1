// track.range-delete: the timeline row's track menu deletes a chosen frame range (from/to dialog).
import { rangeOps } from '../save/server-ops';
import { cutGap } from './track-frames';
import type { CommandDef } from './types';

export const trackRangeDelete: CommandDef<'track.range-delete'> = {
  name: 'track.range-delete',
  label: 'Delete frames',
  recipe:
    ({ trackId, from, to, interpolate }) =>
    (draft) =>
      cutGap(draft, trackId, from, to, interpolate),
  rangeCall: ({ trackId, from, to }) => ({ trackId, call: { kind: 'delete', from, to } }),
  serverOps: ({ trackId, from, to }, ctx) => rangeOps(trackId, { kind: 'delete', from, to }, ctx),
};
