// Edit-mode keys: Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo, '[' / ']' one frame back /
// forward, and the commands' own keys (arrows, Shift(+Alt)+'[' / ']'). The keyboard help lists them all
// (commands/shortcuts.ts). Escape cancels a drag. Keys typed into form fields are left alone.
import { getDoc } from '../document/store';
import { getUi } from '../document/ui-store';
import { shownAt } from '../interpolate';
import { commandForKey } from '../commands/registry';
import { historyKey } from '../history/history';
import { player } from '../player/player-controller';
import { history } from './edit-session';
import { cancelDrag } from './interaction-host';

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName));

export function onEditKeyDown(e: KeyboardEvent): void {
  const ui = getUi();
  const doc = getDoc();
  if (ui.mode !== 'edit' || !doc || typing(e.target) || e.defaultPrevented) return;
  if (e.key === 'Escape') { cancelDrag(); return; }
  const h = historyKey(e);
  if (h) { e.preventDefault(); if (h === 'undo') history.undo(); else history.redo(); return; }
  if (!e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && (e.key === '[' || e.key === ']')) {
    e.preventDefault();
    void player.step(e.key === '[' ? -1 : 1);
    return;
  }
  const cmd = commandForKey(e, { doc, ui, shownDetection: shownAt(doc, ui, ui.frame) });
  if (cmd) { e.preventDefault(); history.perform(cmd.name, cmd.args as never); }
}

/** Warns before the page unloads while edits are not saved yet. */
export function onBeforeUnload(hasUnsaved: () => boolean) {
  return (e: BeforeUnloadEvent) => {
    if (!hasUnsaved()) return;
    e.preventDefault();
    e.returnValue = '';
  };
}
