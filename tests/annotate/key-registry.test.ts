// The clash test over every key of the Annotate screen: the edit commands, the review commands and the
// screen keys (player, history, help, videos) share one keyboard, so each key combination a person can
// press may trigger one entry at most — except a screen key that declares it yields to an edit command
// (an arrow moves the selected box, else steps a frame). The keys tried are every printable character
// and every named key with every modifier combination, and each keyed entry of the three tables is hit by
// at least one of them, so a new key is covered without editing this list.
import { describe, expect, it } from 'vitest';
import { allCommands } from '../../src/annotate/commands/registry';
import { allNavCommands, allScreenKeys } from '../../src/annotate/keys/key-registry';
import type { KeyLike } from '../../src/annotate/commands/types';
import { shortcutsByGroup } from '../../src/annotate/keys/shortcuts';

const PUNCTUATION_CODES: Record<string, string> = {
  ' ': 'Space',
  '[': 'BracketLeft',
  '{': 'BracketLeft',
  ']': 'BracketRight',
  '}': 'BracketRight',
  ',': 'Comma',
  '<': 'Comma',
  '.': 'Period',
  '>': 'Period',
  '/': 'Slash',
  '?': 'Slash',
  ';': 'Semicolon',
  ':': 'Semicolon',
  "'": 'Quote',
  '"': 'Quote',
  '-': 'Minus',
  _: 'Minus',
  '=': 'Equal',
  '+': 'Equal',
  '\\': 'Backslash',
  '|': 'Backslash',
  '`': 'Backquote',
  '~': 'Backquote',
};
const codeOf = (key: string): string | undefined => {
  if (/^[a-z]$/i.test(key)) return `Key${key.toUpperCase()}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  return PUNCTUATION_CODES[key] ?? (key.length > 1 ? key : undefined);
};
const NAMED = [
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Delete',
  'Backspace',
  'Escape',
  'Enter',
  'Tab',
  'Insert',
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
];
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

/** Every key press the tests try: each key with and without its code, under each of 16 modifier sets. */
function everyKeyPress(): KeyLike[] {
  const out: KeyLike[] = [];
  for (const key of [...PRINTABLE, ...NAMED]) {
    for (const code of new Set([codeOf(key), undefined])) {
      for (let m = 0; m < 16; m++)
        out.push({ key, code, shiftKey: !!(m & 1), ctrlKey: !!(m & 2), altKey: !!(m & 4), metaKey: !!(m & 8) });
    }
  }
  return out;
}

interface Keyed {
  name: string;
  keyTest?: (e: KeyLike) => boolean;
  yieldsTo?: readonly string[];
}
const everyKeyed = (): Keyed[] => [...allCommands(), ...allNavCommands(), ...allScreenKeys()];

describe('one keyboard for the whole screen', () => {
  it('no key press triggers two entries, except a screen key yielding to the edit command it names', () => {
    const all = everyKeyed();
    const clashes: string[] = [];
    for (const e of everyKeyPress()) {
      const hits = all.filter((c) => c.keyTest?.(e));
      const yielded = hits.filter((c) => !hits.some((o) => c.yieldsTo?.includes(o.name)));
      if (yielded.length > 1) clashes.push(`${JSON.stringify(e)} → ${hits.map((c) => c.name).join(', ')}`);
    }
    expect(clashes).toEqual([]);
  });

  it('the clash test covers every keyed entry of the three tables, the new player keys and the review table included', () => {
    const presses = everyKeyPress();
    const all = everyKeyed().filter((c) => c.keyTest);
    const uncovered = all.filter((c) => !presses.some((e) => c.keyTest!(e))).map((c) => c.name);
    expect(uncovered).toEqual([]);
    const names = all.map((c) => c.name);
    for (const n of [
      'player.toggle',
      'frame.step',
      'frame.first',
      'frame.last',
      'keyframe.prev',
      'keyframe.next',
      'history.undo',
      'history.redo',
      'escape',
      'help.open',
      'video.prev',
      'video.next',
      'problem.next',
      'problem.kind',
      'track.verify',
      'track.follow',
    ]) {
      expect(names).toContain(n);
    }
  });

  it('the yield is real: an arrow is both the box move and the frame step, and nothing else', () => {
    const right: KeyLike = {
      key: 'ArrowRight',
      code: 'ArrowRight',
      shiftKey: false,
      ctrlKey: false,
      altKey: false,
      metaKey: false,
    };
    expect(
      everyKeyed()
        .filter((c) => c.keyTest?.(right))
        .map((c) => c.name)
        .sort(),
    ).toEqual(['box.move', 'frame.step']);
  });

  it('every keyed entry has a line in the keyboard help', () => {
    const lines = shortcutsByGroup().flatMap((g) => g.shortcuts);
    for (const c of [...allCommands().filter((x) => x.keyTest), ...allNavCommands(), ...allScreenKeys()]) {
      expect(c.shortcuts?.length, c.name).toBeGreaterThan(0);
      for (const s of c.shortcuts ?? []) expect(lines).toContainEqual(s);
    }
  });
});
