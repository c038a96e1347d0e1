// The one key listener of the Annotate screen (EditController installs it on the window). A key press
// goes, in this order, to: the edit command of that key when it applies now (edit mode), the review
// command (N, K, V, F…), then the screen key (Space, frame steps, Home/End, keyframe jumps, undo/redo,
// Escape, '?', Alt+Left/Right). The edit commands are in commands/registry.ts, the other two tables in
// keys/key-registry.ts, so the keyboard help lists every key and the clash test covers every key. The
// correction toolbar runs the same commands by name (runCommand). Keys typed into a field, or pressed while a dialog is
// open, are left alone (shortcut-guard.ts). Space never scrolls the page: a tap plays or pauses, a hold
// pans (editor.spaceHold).
import { shownAt } from '../document/interpolate';
import { shortcutsBlocked } from '../shortcut-guard';
import { commandAction, keyActionFor, type KeyAction } from '../commands/registry';
import { navCommandForKey, screenKeyFor } from '../keys/key-registry';
import type { NavContext } from '../keys/navigation';
import { patchStore } from '../store';
import { performCorrection } from './range-edits';
import type { CommandName, EditContext, KeyLike } from '../commands/types';
import type { AnnotationEditor } from '../editor/annotation-editor';

/** The parts of a KeyboardEvent the editor reads (the TestEditor passes plain objects). */
export interface ScreenKeyEvent extends KeyLike {
  target: EventTarget | null;
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function onScreenKeyDown(editor: AnnotationEditor, e: ScreenKeyEvent, nav: NavContext): void {
  if (e.defaultPrevented || shortcutsBlocked(e)) return;
  const doc = editor.getDoc();
  const { mode } = editor.getUi();
  if (mode === 'edit' && doc && runKeyAction(editor, e)) {
    e.preventDefault();
    return;
  }
  const review = doc ? navCommandForKey(e) : null;
  if (review) {
    e.preventDefault();
    review.run(editor, nav, e);
    return;
  }
  const key = screenKeyFor(e, mode);
  if (key?.run(editor, e)) e.preventDefault();
}

export function onScreenKeyUp(editor: AnnotationEditor, e: ScreenKeyEvent): void {
  const key = screenKeyFor(e, editor.getUi().mode);
  if (!key?.release) return;
  // a key released in a field or a dialog ends the hold without acting (its press was not taken either)
  if (e.defaultPrevented || shortcutsBlocked(e)) {
    editor.spaceHold.release();
    return;
  }
  e.preventDefault();
  key.release(editor);
}

/** What a command key, or a command's button, can act on now: null outside edit mode or without a document. */
function editContext(editor: AnnotationEditor): EditContext | null {
  const doc = editor.getDoc();
  const ui = editor.getUi();
  if (!doc || ui.mode !== 'edit') return null;
  const { tool, drawInto } = editor.interaction.getSnapshot().context;
  return { doc, ui, shownDetection: shownAt(doc, ui, ui.frame), tool: { name: tool, drawInto } };
}

/** Does what a key or a button asked: runs the command, opens its dialog, or switches the pointer's tool. */
function runAction(editor: AnnotationEditor, action: KeyAction | null): boolean {
  if (!action) return false;
  if (action.kind === 'command') {
    editor.updateUi({ rangePreview: null });
    void performCorrection(editor, action.name, action.args as never);
  } else if (action.kind === 'preview') {
    editor.updateUi({ rangePreview: action.preview });
    editor.notify('info', action.text);
  } else if (action.kind === 'refused') editor.notify('info', action.text);
  else if (action.kind === 'dialog')
    patchStore(editor.dialogs, { correction: { kind: action.dialog, shift: action.shift } });
  else editor.interaction.send(action.event);
  return true;
}

/** What a command key does now: false when it does not apply. */
export function runKeyAction(editor: AnnotationEditor, e: KeyLike): boolean {
  const ctx = editContext(editor);
  return !!ctx && runAction(editor, keyActionFor(e, ctx));
}

/** A command run by name (its toolbar button; `shift`: its Shift variant): false when it does not apply now. */
export function runCommand(editor: AnnotationEditor, name: CommandName, shift = false): boolean {
  const ctx = editContext(editor);
  return !!ctx && runAction(editor, commandAction(name, ctx, shift));
}

/** Whether a command would act now (the toolbar greys out its button otherwise). */
export function commandApplies(editor: AnnotationEditor, name: CommandName, shift = false): boolean {
  const ctx = editContext(editor);
  const action = ctx ? commandAction(name, ctx, shift) : null;
  return action !== null && action.kind !== 'refused';
}

/** Warns before the page unloads while edits are not saved yet. */
export function onBeforeUnload(hasUnsaved: () => boolean) {
  return (e: BeforeUnloadEvent) => {
    if (!hasUnsaved()) return;
    e.preventDefault();
    e.returnValue = '';
  };
}
