// Every key of the Annotate screen comes from three tables: the edit commands (registry.ts), the review
// commands (the problem walk, the verified mark, follow, the hand tool) and the screen keys (player,
// history, help, videos). The review commands change no document, so they have no undo and are not edit
// commands; they and the screen keys run on the editor, which is why they are kept out of the edit
// commands' registry (the editor's history reads that one). The keyboard help and the clash test read all
// three from here and from registry.ts.
import { followPerson } from './follow-person';
import { problemKind, problemNext, problemPrev, trackVerify, type NavCommandDef } from './navigation';
import { SCREEN_KEYS, type ScreenKeyDef } from './screen-keys';
import type { KeyLike } from '../commands/types';
import { viewHand } from './view-hand';
import { issueRaise } from './issue-raise';

/** The review commands (no document change, so no undo): the problem walk and the verified mark. */
const navRegistry: readonly NavCommandDef[] = [
  problemNext,
  problemPrev,
  problemKind,
  trackVerify,
  followPerson,
  viewHand,
  issueRaise,
];

export function allNavCommands(): readonly NavCommandDef[] {
  return navRegistry;
}

export function navCommand(name: NavCommandDef['name']): NavCommandDef {
  return navRegistry.find((c) => c.name === name)!;
}

/** The review command a key press triggers (in view and edit mode). */
export function navCommandForKey(e: KeyLike): NavCommandDef | null {
  return navRegistry.find((c) => c.keyTest(e)) ?? null;
}

/** The screen keys (player, history, help, videos: no document change), the third table. */
export function allScreenKeys(): readonly ScreenKeyDef[] {
  return SCREEN_KEYS;
}

/** The screen key a key press triggers in this mode. */
export function screenKeyFor(e: KeyLike, mode: 'view' | 'edit'): ScreenKeyDef | null {
  return SCREEN_KEYS.find((k) => (!k.editOnly || mode === 'edit') && k.keyTest(e)) ?? null;
}
