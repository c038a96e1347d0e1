// The edit side's singletons for the open Annotate screen: the save queue, the undo history (wired to the
// document store) and small UI stores (row drafts, new-action chips, messages). One editor per page.
import { useSyncExternalStore } from 'react';
import { produce } from 'immer';
import { getDoc, replaceDoc, setDoc, subscribe } from '../document/store';
import type { ActionSegment } from '../../../domain/types';
import { EditHistory } from '../history/history';
import { SaveQueue } from '../save/save-queue';
import { executeOp } from '../save/execute-op';
import { getCommand } from '../commands/registry';
import type { SegmentFields } from '../commands/types';

type Notify = (severity: 'error' | 'warning' | 'info' | 'success', text: string) => void;
let notifier: Notify = (_s, text) => console.warn(text);
/** The page routes edit messages to its snackbar. */
export function setNotifier(fn: Notify): () => void { notifier = fn; return () => { notifier = (_s, t) => console.warn(t); }; }
export const notify: Notify = (s, t) => notifier(s, t);

export const saveQueue = new SaveQueue({
  execute: executeOp,
  docVersion: (id) => getDoc()?.segments.find((s) => s.id === id)?.version,
  onError: (text) => notify('error', text),
  onSaved: (_op, segments) => showSavedBy(segments),
});

/** The panel's updated-by / updated-at chips follow a save (not an edit: history ignores it). */
function showSavedBy(saved: ActionSegment[]): void {
  const doc = getDoc();
  const byId = new Map(saved.map((s) => [s.id, s]));
  if (!doc || !doc.segments.some((s) => byId.has(s.id))) return;
  replaceDoc(produce(doc, (d) => {
    for (const s of d.segments) {
      const e = byId.get(s.id);
      if (e) { s.updated_by_id = e.updated_by_id; s.updated_at = e.updated_at; s.version = e.version; }
    }
  }), 'server-stamp');
}

export const history = new EditHistory({ get: getDoc, set: setDoc }, (op) => saveQueue.enqueue(op), (n) => getCommand(n).label);

// A new document (another video, a reload) starts a fresh history; other non-edit changes keep it.
subscribe((_doc, reason) => { if (reason === 'load') { history.clear(); clearDrafts(); newIds.clear(); emit(); } });

// ---- Row drafts of the data panel (unsaved form values; discarded when leaving edit mode) -------------
const drafts = new Map<number, SegmentFields>();
const newIds = new Set<number>();
const listeners = new Set<() => void>();
let version = 0;
function emit() { version++; listeners.forEach((l) => l()); }
const subscribeEdit = (fn: () => void) => { listeners.add(fn); return () => { listeners.delete(fn); }; };

export function getDraft(id: number): SegmentFields | undefined { return drafts.get(id); }
export function setDraft(id: number, fields: SegmentFields): void { drafts.set(id, { ...drafts.get(id), ...fields }); emit(); }
export function clearDraft(id: number): void { if (drafts.delete(id)) emit(); }
export function clearDrafts(): void { if (drafts.size) { drafts.clear(); emit(); } }
export function draftIds(): number[] { return [...drafts.keys()]; }

/** Newly added actions show a pulsing 'NEW' chip until the page reloads. */
export function markNew(id: number): void { newIds.add(id); emit(); }
export function isNew(id: number): boolean { return newIds.has(id); }

/** Re-renders on draft / NEW changes. */
export function useEditVersion(): number { return useSyncExternalStore(subscribeEdit, () => version, () => version); }

/** Re-renders on save-queue changes (pending count, failed rows). */
export function useSaveState() {
  return useSyncExternalStore((cb) => saveQueue.subscribe(cb), () => saveQueue.getState(), () => saveQueue.getState());
}

export function useHistoryState() {
  return useSyncExternalStore((cb) => history.subscribe(cb), () => history.getState(), () => history.getState());
}
