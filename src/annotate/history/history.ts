// Undo/redo of edit commands with immer patches. The server follows: undoing an edit queues
// its inverse ops, redoing queues the forward ops again. Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y in hotkeys.ts.
import { applyPatches, type Patch } from 'immer';
import { applyCommand, getCommand } from '../commands/registry';
import type { CommandArgs, CommandName } from '../commands/types';
import type { EditorDoc } from '../document/types';
import type { ServerOp, TokenRef } from '../save/server-ops';

export interface HistoryEntry {
  name: CommandName;
  label: string;
  patches: Patch[];
  inversePatches: Patch[];
  forward: ServerOp[];
  inverse: ServerOp[];
}

export interface DocAccess {
  get: () => EditorDoc | null;
  set: (doc: EditorDoc) => void;
}

export interface PerformOptions {
  /** The server already did it (add, duplicate, delete, merge, track delete run first, then show). */
  synced?: boolean;
  /** The undo token the server returned for a merge or track delete. */
  token?: number;
}

export interface HistoryState { canUndo: boolean; canRedo: boolean; undoLabel: string | null; redoLabel: string | null }

export class EditHistory {
  private undoStack: HistoryEntry[] = [];
  private redoStack: HistoryEntry[] = [];
  private listeners = new Set<() => void>();
  private state: HistoryState = { canUndo: false, canRedo: false, undoLabel: null, redoLabel: null };

  constructor(private doc: DocAccess, private send: (op: ServerOp) => void, private labelOf: (n: CommandName) => string = (n) => n) {}

  /** Applies a command to the document, records it and (unless synced) queues its server ops. */
  perform<N extends CommandName>(name: N, args: CommandArgs[N], opts: PerformOptions = {}): boolean {
    const before = this.doc.get();
    if (!before) return false;
    const { next, patches, inversePatches } = applyCommand(before, name, args);
    if (patches.length === 0) return false;
    const token: TokenRef = { value: opts.token ?? null };
    const { forward, inverse } = getCommand(name).serverOps(args, { videoId: next.videoId, before, after: next, token });
    this.doc.set(next);
    this.undoStack.push({ name, label: this.labelOf(name), patches, inversePatches, forward, inverse });
    this.redoStack = [];
    if (!opts.synced) forward.forEach(this.send);
    this.changed();
    return true;
  }

  undo(): HistoryEntry | null {
    const entry = this.undoStack.pop();
    const doc = this.doc.get();
    if (!entry || !doc) return null;
    this.doc.set(applyPatches(doc, entry.inversePatches));
    entry.inverse.forEach(this.send);
    this.redoStack.push(entry);
    this.changed();
    return entry;
  }

  redo(): HistoryEntry | null {
    const entry = this.redoStack.pop();
    const doc = this.doc.get();
    if (!entry || !doc) return null;
    this.doc.set(applyPatches(doc, entry.patches));
    entry.forward.forEach(this.send);
    this.undoStack.push(entry);
    this.changed();
    return entry;
  }

  /** Forget everything (new document, or leaving edit mode: loaded windows may go away). */
  clear(): void {
    if (this.undoStack.length === 0 && this.redoStack.length === 0) return;
    this.undoStack = []; this.redoStack = [];
    this.changed();
  }

  getState(): HistoryState { return this.state; }
  subscribe(fn: () => void): () => void { this.listeners.add(fn); return () => { this.listeners.delete(fn); }; }

  private changed(): void {
    const u = this.undoStack[this.undoStack.length - 1];
    const r = this.redoStack[this.redoStack.length - 1];
    this.state = { canUndo: Boolean(u), canRedo: Boolean(r), undoLabel: u?.label ?? null, redoLabel: r?.label ?? null };
    this.listeners.forEach((l) => l());
  }
}

/** Undo / redo hotkeys: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on macOS). */
export function historyKey(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (k === 'y' && !e.shiftKey) return 'redo';
  return null;
}
