// Edit-mode keys: Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo, '[' / ']' one frame back /
// forward, and the commands' own keys (arrows, Shift(+Alt)+'[' / ']'). The keyboard help lists them all
// (commands/shortcuts.ts). Escape cancels a drag. Keys typed into form fields, or pressed while a dialog is
// open, are left alone (shortcut-guard.ts).
import { shownAt } from '../interpolate';
import { shortcutsBlocked } from '../shortcut-guard';
import { keyActionFor } from '../commands/registry';
import { patchStore } from '../store';
import { performCorrection } from './range-edits';
import { historyKey } from '../history/history';
import type { KeyLike } from '../commands/types';
import type { AnnotationEditor } from '../editor/AnnotationEditor';

/** The parts of a KeyboardEvent the editor reads (the TestEditor passes plain objects). */
export interface EditKeyEvent extends KeyLike { target: EventTarget | null; defaultPrevented: boolean; preventDefault(): void }

export function onEditKeyDown(editor: AnnotationEditor, e: EditKeyEvent): void {
  const ui = editor.getUi();
  const doc = editor.getDoc();
  if (ui.mode !== 'edit' || !doc || e.defaultPrevented || shortcutsBlocked(e)) return;
  if (e.key === 'Escape') { editor.cancelDrag(); return; }
  const h = historyKey(e);
  if (h) { e.preventDefault(); if (h === 'undo') editor.undo(); else editor.redo(); return; }
  if (!e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && (e.key === '[' || e.key === ']')) {
    e.preventDefault();
    void editor.player.step(e.key === '[' ? -1 : 1);
    return;
  }
  if (runKeyAction(editor, e)) e.preventDefault();
}

/** What a command key does now (the toolbar's buttons press the same keys): false when it does not apply. */
export function runKeyAction(editor: AnnotationEditor, e: KeyLike): boolean {
  const doc = editor.getDoc(); const ui = editor.getUi();
  if (!doc || ui.mode !== 'edit') return false;
  const action = keyActionFor(e, { doc, ui, shownDetection: shownAt(doc, ui, ui.frame) });
  if (!action) return false;
  if (action.kind === 'command') void performCorrection(editor, action.name, action.args as never);
  else if (action.kind === 'dialog') patchStore(editor.dialogs, { correction: { kind: action.dialog, shift: action.shift } });
  else editor.updateUi(action.patch);
  return true;
}

/** Whether a command key would act now (the toolbar greys out its button otherwise). */
export function keyApplies(editor: AnnotationEditor, e: KeyLike): boolean {
  const doc = editor.getDoc(); const ui = editor.getUi();
  return !!doc && ui.mode === 'edit' && keyActionFor(e, { doc, ui, shownDetection: shownAt(doc, ui, ui.frame) }) !== null;
}

/** Warns before the page unloads while edits are not saved yet. */
export function onBeforeUnload(hasUnsaved: () => boolean) {
  return (e: BeforeUnloadEvent) => {
    if (!hasUnsaved()) return;
    e.preventDefault();
    e.returnValue = '';
  };
}
