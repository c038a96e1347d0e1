// Whether the footer API status bar is shown: stored in localStorage as `debugBarEnabled`; while nothing
// is stored, the build flag VITE_DEBUG_BAR decides ('true' or '1' shows it). Storage failures fall back
// to the build flag.
import { useSyncExternalStore } from 'react';

export const DEBUG_BAR_KEY = 'debugBarEnabled';
const buildDefault = ['true', '1'].includes(String(import.meta.env?.VITE_DEBUG_BAR ?? '').toLowerCase());
const listeners = new Set<() => void>();

export function debugBarEnabled(): boolean {
  try {
    const v = globalThis.localStorage?.getItem(DEBUG_BAR_KEY);
    return v === null || v === undefined ? buildDefault : v === 'true';
  } catch {
    return buildDefault;
  }
}

export function setDebugBarEnabled(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(DEBUG_BAR_KEY, String(on));
  } catch {
    /* the choice then lasts until reload */
  }
  override = on;
  listeners.forEach((l) => l());
}

let override: boolean | null = null;
const snapshot = () => override ?? debugBarEnabled();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export const useDebugBarEnabled = () => useSyncExternalStore(subscribe, snapshot, () => buildDefault);
