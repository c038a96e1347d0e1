// Which edit dialog is open ('Merge Tracks', 'Track Deletion Confirmation').
import { useSyncExternalStore } from 'react';

export interface EditDialogs { merge: boolean; deleteTrack: number | null }
let state: EditDialogs = { merge: false, deleteTrack: null };
const listeners = new Set<() => void>();

export function setDialogs(patch: Partial<EditDialogs>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function useDialogs(): EditDialogs {
  return useSyncExternalStore((cb) => { listeners.add(cb); return () => { listeners.delete(cb); }; }, () => state, () => state);
}
