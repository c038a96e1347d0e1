// Undo/redo of edit commands with immer patches. The server follows: undoing an edit queues
// its inverse ops, redoing queues the forward ops again. Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y in hotkeys.ts.
//
// Drags use a mark (tldraw's mark / squash / bail): mark() at drag start, squash(name, args) on every
// move shows the command applied to the document as it was at the mark (outside the history, reason
// 'drag-preview'), bail() on Escape goes back to the mark, and commit() on drop records ONE entry from
// the mark. A preview is taken back by its inverse patches, so windows loaded meanwhile are kept.
import { applyPatches, type Patch } from 'immer';
import { Store } from '../store';
import { applyCommand, getCommand } from '../commands/registry';
import type { CommandArgs, CommandName } from '../commands/types';
import type { EditorDoc } from '../document/types';
import type { ServerOp, TokenRef } from '../save/server-ops';

export interface HistoryEntry {
  name: CommandName;
  /** The arguments it ran with (amend checks it still is the edit it expects). */
  args: CommandArgs[CommandName];
  label: string;
  patches: Patch[];
  inversePatches: Patch[];
  forward: ServerOp[];
  inverse: ServerOp[];
}

export interface DocAccess {
  get: () => EditorDoc | null;
  /** Publishes an edit (recorded here) or a drag preview (not an edit). */
  set: (doc: EditorDoc, reason?: 'edit' | 'drag-preview') => void;
}

interface Preview {
  name: CommandName;
  args: CommandArgs[CommandName];
  inverse: Patch[];
}

export interface PerformOptions {
  /** The server already did it (add, duplicate, delete, merge, track delete run first, then show). */
  synced?: boolean;
  /** The undo token the server returned for a merge or track delete. */
  token?: number;
}

export interface HistoryState {
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | null;
  redoLabel: string | null;
}

export class EditHistory {
  private undoStack: HistoryEntry[] = [];
  private redoStack: HistoryEntry[] = [];
  private marked = false;
  private preview: Preview | null = null;
  /** Undo / redo availability and labels (the panel's buttons). */
  readonly state = new Store<HistoryState>({ canUndo: false, canRedo: false, undoLabel: null, redoLabel: null });

  constructor(
    private doc: DocAccess,
    private send: (op: ServerOp) => void,
    private labelOf: (n: CommandName) => string = (n) => n,
  ) {}

  /** Applies a command to the document, records it and (unless synced) queues its server ops. */
  perform<N extends CommandName>(name: N, args: CommandArgs[N], opts: PerformOptions = {}): boolean {
    const before = this.doc.get();
    if (!before) return false;
    return this.record(before, name, args, opts);
  }

  /**
   * Adds `name(args)` to the newest entry when it is still the last edit (the pose assist filling a drawn
   * box): one undo then takes back both. `keepInverse` false: the entry's own undo already covers it.
   * Returns false (nothing applied) when another edit came meanwhile.
   */
  amend<N extends CommandName>(
    expected: (e: HistoryEntry) => boolean,
    name: N,
    args: CommandArgs[N],
    keepInverse = false,
  ): boolean {
    const entry = this.undoStack[this.undoStack.length - 1];
    const before = this.doc.get();
    if (!entry || !expected(entry) || this.redoStack.length > 0 || this.marked || !before) return false;
    const { next, patches, inversePatches } = applyCommand(before, name, args);
    if (patches.length === 0) return false;
    const ops = getCommand(name).serverOps(args, {
      videoId: next.videoId,
      before,
      after: next,
      token: { value: null },
    });
    this.doc.set(next, 'edit');
    entry.patches = [...entry.patches, ...patches];
    entry.inversePatches = [...inversePatches, ...entry.inversePatches];
    entry.forward = [...entry.forward, ...ops.forward];
    if (keepInverse) entry.inverse = [...ops.inverse, ...entry.inverse];
    ops.forward.forEach(this.send);
    return true;
  }

  /** Starts a drag: later squashes apply to the document as it is now. */
  mark(): void {
    this.bail();
    this.marked = true;
  }

  /** Shows `name(args)` applied to the marked document, replacing the previous preview. */
  squash<N extends CommandName>(name: N, args: CommandArgs[N]): void {
    const doc = this.unpreviewed();
    if (!this.marked || !doc) return;
    const { next, inversePatches } = applyCommand(doc, name, args);
    this.preview = { name, args, inverse: inversePatches };
    this.doc.set(next, 'drag-preview');
  }

  /** Escape: back to the mark, nothing recorded. */
  bail(): void {
    const doc = this.unpreviewed();
    const had = this.preview !== null;
    this.preview = null;
    this.marked = false;
    if (had && doc) this.doc.set(doc, 'drag-preview');
  }

  /** Drop: the last preview becomes one history entry (with its server ops); false when nothing changed. */
  commit(): boolean {
    const p = this.preview;
    const base = this.unpreviewed();
    this.preview = null;
    this.marked = false;
    if (!p || !base) return false;
    return this.record(base, p.name, p.args, {});
  }

  /** True between mark() and commit() / bail(). */
  get dragging(): boolean {
    return this.marked;
  }

  /** The document without the running preview. */
  private unpreviewed(): EditorDoc | null {
    const doc = this.doc.get();
    return doc && this.preview ? applyPatches(doc, this.preview.inverse) : doc;
  }

  private record<N extends CommandName>(
    before: EditorDoc,
    name: N,
    args: CommandArgs[N],
    opts: PerformOptions,
  ): boolean {
    const { next, patches, inversePatches } = applyCommand(before, name, args);
    if (patches.length === 0) {
      if (before !== this.doc.get()) this.doc.set(before, 'drag-preview'); // a drag that ended where it began
      return false;
    }
    const token: TokenRef = { value: opts.token ?? null };
    const { forward, inverse } = getCommand(name).serverOps(args, {
      videoId: next.videoId,
      before,
      after: next,
      token,
    });
    this.doc.set(next, 'edit');
    this.undoStack.push({ name, args, label: this.labelOf(name), patches, inversePatches, forward, inverse });
    this.redoStack = [];
    if (!opts.synced) forward.forEach(this.send);
    this.changed();
    return true;
  }

  undo(): HistoryEntry | null {
    this.bail(); // undo during a drag drops the drag
    const entry = this.undoStack.pop();
    const doc = this.doc.get();
    if (!entry || !doc) return null;
    this.doc.set(applyPatches(doc, entry.inversePatches), 'edit');
    entry.inverse.forEach(this.send);
    this.redoStack.push(entry);
    this.changed();
    return entry;
  }

  redo(): HistoryEntry | null {
    this.bail();
    const entry = this.redoStack.pop();
    const doc = this.doc.get();
    if (!entry || !doc) return null;
    this.doc.set(applyPatches(doc, entry.patches), 'edit');
    entry.forward.forEach(this.send);
    this.undoStack.push(entry);
    this.changed();
    return entry;
  }

  /** Forget everything (new document, or leaving edit mode: loaded windows may go away). */
  clear(): void {
    this.preview = null;
    this.marked = false;
    if (this.undoStack.length === 0 && this.redoStack.length === 0) return;
    this.undoStack = [];
    this.redoStack = [];
    this.changed();
  }

  getState(): HistoryState {
    return this.state.get();
  }

  private changed(): void {
    const u = this.undoStack[this.undoStack.length - 1];
    const r = this.redoStack[this.redoStack.length - 1];
    this.state.set({
      canUndo: Boolean(u),
      canRedo: Boolean(r),
      undoLabel: u?.label ?? null,
      redoLabel: r?.label ?? null,
    });
  }
}

/** Undo / redo hotkeys: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on macOS). */
export function historyKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (k === 'y' && !e.shiftKey) return 'redo';
  return null;
}
