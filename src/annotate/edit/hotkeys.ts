// The one key listener of the Annotate screen (EditController installs it on the window). A key press
// goes, in this order, to: the edit command of that key when it applies now (edit mode), the review
// command (N, K, V, F…), then the screen key (Space, frame steps, Home/End, keyframe jumps, undo/redo,
// Escape, '?', Alt+Left/Right). All three tables are in commands/registry.ts, so the keyboard help lists
// every key and the clash test covers every key. Keys typed into a field, or pressed while a dialog is
// open, are left alone (shortcut-guard.ts). Space never scrolls the page: a tap plays or pauses, a hold
// pans (editor.spaceHold).
import { shownAt } from '../interpolate';
import { shortcutsBlocked } from '../shortcut-guard';
import { keyActionFor } from '../commands/registry';
import { navCommandForKey, screenKeyFor } from '../commands/key-registry';
import type { NavContext } from '../commands/navigation';
import { patchStore } from '../store';
import { performCorrection } from './range-edits';
import type { KeyLike } from '../commands/types';
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

/** What a command key does now (the toolbar's buttons press the same keys): false when it does not apply. */
export function runKeyAction(editor: AnnotationEditor, e: KeyLike): boolean {
  const doc = editor.getDoc();
  const ui = editor.getUi();
  if (!doc || ui.mode !== 'edit') return false;
  const action = keyActionFor(e, { doc, ui, shownDetection: shownAt(doc, ui, ui.frame) });
  if (!action) return false;
  if (action.kind === 'command') void performCorrection(editor, action.name, action.args as never);
  else if (action.kind === 'refused') editor.notify('info', action.text);
  else if (action.kind === 'dialog')
    patchStore(editor.dialogs, { correction: { kind: action.dialog, shift: action.shift } });
  else editor.updateUi(action.patch);
  return true;
}

/** Whether a command key would act now (the toolbar greys out its button otherwise). */
export function keyApplies(editor: AnnotationEditor, e: KeyLike): boolean {
  const doc = editor.getDoc();
  const ui = editor.getUi();
  const action =
    doc && ui.mode === 'edit' ? keyActionFor(e, { doc, ui, shownDetection: shownAt(doc, ui, ui.frame) }) : null;
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
