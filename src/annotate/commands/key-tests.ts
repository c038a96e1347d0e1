// Key tests shared by the correction commands: a plain letter (no Ctrl/Cmd/Alt), with or without Shift.
import type { KeyLike } from './types';

export const plainKey = (e: KeyLike) => !e.ctrlKey && !e.metaKey && !e.altKey;
export const letterKey = (e: KeyLike, l: string) => e.key.toLowerCase() === l || e.code === `Key${l.toUpperCase()}`;
/** The letter without Shift (`shift` false) or with it (true). */
export const letter =
  (l: string, shift = false) =>
  (e: KeyLike) =>
    plainKey(e) && e.shiftKey === shift && letterKey(e, l);
/** The next track id the server hands out (tracks are numbered upwards). */
export const nextTrackId = (trackIds: readonly number[]) => (trackIds.length ? Math.max(...trackIds) + 1 : 1);
