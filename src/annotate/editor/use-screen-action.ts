// A component that owns something a screen key reaches (the help dialog's open state, the neighbouring
// videos) registers it on the editor while it is mounted; the one key listener (edit/hotkeys.ts) calls it.
import { useEffect, useRef } from 'react';
import type { ScreenActions } from './editor-core';
import { patchStore } from '../store';
import { useEditor } from './editor-context';

export function useScreenAction<K extends keyof ScreenActions>(key: K, fn: NonNullable<ScreenActions[K]>): void {
  const editor = useEditor();
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    const call = ((...args: unknown[]) => (latest.current as (...a: unknown[]) => unknown)(...args)) as NonNullable<
      ScreenActions[K]
    >;
    patchStore(editor.screenActions, { [key]: call } as Partial<ScreenActions>);
    return () => {
      if (editor.screenActions.get()[key] === call)
        patchStore(editor.screenActions, { [key]: undefined } as Partial<ScreenActions>);
    };
  }, [editor, key]);
}
