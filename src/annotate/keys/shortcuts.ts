// Every keyboard shortcut of the Annotate screen, for the keyboard help, read from the registry's three
// tables: the screen keys (player, history, help, videos), the edit commands and the review commands. A
// key added to any of them shows up here by itself.
import { allNavCommands, allScreenKeys } from './key-registry';
import { allCommands } from '../commands/registry';
import type { Shortcut, ShortcutGroup } from '../commands/types';

export const SHORTCUT_GROUPS: readonly { group: ShortcutGroup; title: string }[] = [
  { group: 'frame', title: 'Frame' },
  { group: 'box', title: 'Box' },
  { group: 'track', title: 'Track corrections' },
  { group: 'segment', title: 'Action segment' },
  { group: 'history', title: 'History' },
  { group: 'review', title: 'Review' },
  { group: 'navigation', title: 'Navigation' },
];

/** Every shortcut, grouped in the help's order. */
export function shortcutsByGroup(): { group: ShortcutGroup; title: string; shortcuts: Shortcut[] }[] {
  const all = [
    ...allScreenKeys().flatMap((k) => k.shortcuts),
    ...allCommands().flatMap((c) => c.shortcuts ?? []),
    ...allNavCommands().flatMap((c) => c.shortcuts),
  ];
  return SHORTCUT_GROUPS.map((g) => ({ ...g, shortcuts: all.filter((s) => s.group === g.group) }));
}
