// External store of the editor document.
//
// Contract (view side ↔ edit side):
// - `getDoc()` returns the current immutable EditorDoc (or null before the summary is loaded).
// - `setDoc(next)` publishes a new document produced by an edit command, e.g.
//     const [next, patches, inverse] = produceWithPatches(getDoc()!, command); setDoc(next);
//   The edit side owns undo/redo (src/annotate/history) and calls setDoc for undo/redo too.
// - `replaceDoc(next)` publishes a document that is NOT an edit: the initial load, a new video, and
//   detection windows merged in by the loader. Listeners receive `reason` so history can ignore these
//   ('load' = new document: history must reset; the other reasons are not edits, see DocChangeReason).
// - Never mutate a published document. Detections are replaced per object (see types.ts).
// - The window loader never drops a window while the UI mode is 'edit' (patches may point into it).
// - `subscribe(fn)` / `useDoc(selector)` follow useSyncExternalStore; selectors must return stable values
//   (pick parts of the doc, do not build new arrays inside a selector).
import { useSyncExternalStore } from 'react';
import type { EditorDoc } from './types';

/**
 * Why the document changed. Only 'edit' is a user's edit (history records it); 'load' is a new
 * document (history resets); the others add or show data without being edits: detections merged in
 * by the loader, fields the server stamped on a saved segment (who, when, version), and the live
 * preview of a bar being dragged.
 */
export type DocChangeReason = 'edit' | 'load' | 'detections-loaded' | 'server-stamp' | 'drag-preview';
type Listener = (doc: EditorDoc | null, reason: DocChangeReason) => void;

let current: EditorDoc | null = null;
const listeners = new Set<Listener>();

export function getDoc(): EditorDoc | null { return current; }

function publish(next: EditorDoc | null, reason: DocChangeReason): void {
  if (next === current) return;
  current = next;
  for (const l of [...listeners]) l(next, reason);
}

/** Publishes the result of an edit command (undoable by the edit side). */
export function setDoc(next: EditorDoc): void { publish(next, 'edit'); }

/** Publishes a loaded document or merged windows (not an edit). */
export function replaceDoc(next: EditorDoc | null, reason: Exclude<DocChangeReason, 'edit'> = 'load'): void {
  publish(next, reason);
}

export function subscribe(fn: Listener): () => void {
  listeners.add(fn);
  return () => { listeners.delete(fn); };
}

const subscribeForReact = (cb: () => void) => subscribe(() => cb());

/** React hook: re-renders when the selected part of the document changes (by reference). */
export function useDoc<T>(selector: (doc: EditorDoc | null) => T): T {
  return useSyncExternalStore(subscribeForReact, () => selector(current), () => selector(current));
}
