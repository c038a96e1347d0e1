// The one small observable value of the editor: get, set, subscribe, and a React hook over
// useSyncExternalStore. The document, the UI state, the dialogs, the row drafts, the save queue's and the
// history's state are each one of these, owned by the page's AnnotationEditor.
import { useCallback, useSyncExternalStore } from 'react';

type Listener<T, M> = (next: T, prev: T, meta: M) => void;

export class Store<T, M = void> {
  private listeners = new Set<Listener<T, M>>();

  constructor(private value: T) {}

  get(): T {
    return this.value;
  }

  /** Publishes a new value (the same reference is not a change); `meta` says why it changed. */
  set(next: T, meta: M): void {
    if (Object.is(next, this.value)) return;
    const prev = this.value;
    this.value = next;
    for (const l of [...this.listeners]) l(next, prev, meta);
  }

  subscribe(fn: Listener<T, M>): () => void {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }
}

/** Shallow-merges a patch into an object store (no change, no notification). */
export function patchStore<T extends object>(store: Store<T>, patch: Partial<T> | ((s: T) => Partial<T>)): void {
  const s = store.get();
  const p = typeof patch === 'function' ? patch(s) : patch;
  const keys = Object.keys(p) as (keyof T)[];
  if (keys.every((k) => p[k] === s[k])) return;
  store.set({ ...s, ...p });
}

/** What a hook needs of a store. */
export interface Readable<T> {
  get(): T;
  subscribe(fn: () => void): () => void;
}

/**
 * React hook: re-renders when the selected part changes (by reference). Selectors must return stable
 * values (pick parts of the state; do not build new arrays inside a selector).
 */
export function useStore<T, S>(store: Readable<T>, selector: (value: T) => S): S {
  const subscribe = useCallback((cb: () => void) => store.subscribe(() => cb()), [store]);
  const read = () => selector(store.get());
  return useSyncExternalStore(subscribe, read, read);
}
