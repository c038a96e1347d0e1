// Every keyboard shortcut of the Annotate screen, for the keyboard help: the keys of the edit commands
// (read from the command registry, so a new command shows up by itself) plus the keys that drive the
// player, the history and navigation, which change no document and so are not commands, plus the review
// commands' keys (the registry's second table).
import { allCommands, allNavCommands } from './registry';
import type { Shortcut, ShortcutGroup } from './types';

export const SHORTCUT_GROUPS: readonly { group: ShortcutGroup; title: string }[] = [
  { group: 'frame', title: 'Frame' },
  { group: 'box', title: 'Box' },
  { group: 'track', title: 'Track corrections' },
  { group: 'segment', title: 'Action segment' },
  { group: 'history', title: 'History' },
  { group: 'review', title: 'Review' },
  { group: 'navigation', title: 'Navigation' },
];

/** Keys handled outside the command registry (player, history, navigation). */
export const NON_COMMAND_SHORTCUTS: readonly Shortcut[] = [
  { keys: '[', does: 'Previous frame', group: 'frame', editOnly: true },
  { keys: ']', does: 'Next frame', group: 'frame', editOnly: true },
  { keys: 'Ctrl+Z', does: 'Undo', group: 'history', editOnly: true },
  { keys: 'Ctrl+Shift+Z or Ctrl+Y', does: 'Redo', group: 'history', editOnly: true },
  { keys: 'Escape', does: 'Cancel the drag in progress', group: 'history', editOnly: true },
  { keys: 'Alt+Left', does: 'Previous video', group: 'navigation' },
  { keys: 'Alt+Right', does: 'Next video', group: 'navigation' },
  { keys: '?', does: 'Show this list of shortcuts', group: 'navigation' },
];

/** Every shortcut, grouped in the help's order. */
export function shortcutsByGroup(): { group: ShortcutGroup; title: string; shortcuts: Shortcut[] }[] {
  const all = [...NON_COMMAND_SHORTCUTS, ...allCommands().flatMap((c) => c.shortcuts ?? []), ...allNavCommands().flatMap((c) => c.shortcuts)];
  return SHORTCUT_GROUPS.map((g) => ({ ...g, shortcuts: all.filter((s) => s.group === g.group) }));
}
