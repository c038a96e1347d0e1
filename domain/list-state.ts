// Session-storage record of the library list state, kept free of XState and the DOM so the tiny early-fetch
// entry can read it before the app bundle runs, and machines/list-state.ts can drive it.
import { LIST_STATE_RESTORE_TTL_MS, LIST_STATE_TTL_MS, type VideoStatus } from './constants';

export const LIST_STATE_KEY = 'va_library_state';

export interface ListState {
  page: number;
  rows: number;
  q: string;
  status: VideoStatus[];
  source: string;
  assignee: string;
  unassigned: boolean;
}

/** The subset of Web Storage the list state uses. */
export interface ListStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

interface SavedListState {
  state: ListState;
  savedAt: number;
}

/** The saved state when still valid for this kind of visit (24 h, or 5 min on restore); null otherwise or when storage fails. */
export function readListState(storage: ListStorage | null, now: number, restore: boolean): ListState | null {
  let saved: SavedListState | null;
  try {
    saved = JSON.parse(storage?.getItem(LIST_STATE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!saved || typeof saved !== 'object' || typeof saved.savedAt !== 'number' || !saved.state) return null;
  const ttl = restore ? LIST_STATE_RESTORE_TTL_MS : LIST_STATE_TTL_MS;
  const age = now - saved.savedAt;
  return age >= 0 && age <= ttl ? saved.state : null;
}

export function writeListState(storage: ListStorage | null, state: ListState, now: number): void {
  try {
    storage?.setItem(LIST_STATE_KEY, JSON.stringify({ state, savedAt: now } satisfies SavedListState));
  } catch {
    /* a full or blocked storage must never break the list */
  }
}
