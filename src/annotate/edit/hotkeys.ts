// Edit-mode keys: Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo, '[' / ']' one frame back /
// forward, and the commands' own keys (arrows, Shift(+Alt)+'[' / ']'). The keyboard help lists them all
// (commands/shortcuts.ts). Escape cancels a drag. Keys typed into form fields, or pressed while a dialog is
// open, are left alone (shortcut-guard.ts).
import { shownAt } from '../interpolate';
import { shortcutsBlocked } from '../shortcut-guard';
import { commandForKey } from '../commands/registry';
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
  const cmd = commandForKey(e, { doc, ui, shownDetection: shownAt(doc, ui, ui.frame) });
  if (cmd) { e.preventDefault(); editor.perform(cmd.name, cmd.args as never); }
}

/** Warns before the page unloads while edits are not saved yet. */
export function onBeforeUnload(hasUnsaved: () => boolean) {
  return (e: BeforeUnloadEvent) => {
    if (!hasUnsaved()) return;
    e.preventDefault();
    e.returnValue = '';
  };
}
