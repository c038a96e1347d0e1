// React access to the page's AnnotationEditor: <EditorProvider editor={…}> once per Annotate page, then
// useEditor() for the object and useDoc / useUi / useEditorStore to re-render on the parts a component draws.
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ToolName } from '../../../machines/interaction-types';
import type { EditorDoc } from '../document/types';
import type { AnnotateUiState } from '../document/ui-state';
import { useStore, type Readable } from '../store';
import type { AnnotationEditor } from './annotation-editor';

const EditorContext = createContext<AnnotationEditor | null>(null);

export function EditorProvider({ editor, children }: { editor: AnnotationEditor; children: ReactNode }) {
  return <EditorContext.Provider value={editor}>{children}</EditorContext.Provider>;
}

export function useEditor(): AnnotationEditor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor() outside <EditorProvider>');
  return editor;
}

/** Re-renders when the selected part of the document changes (by reference). */
export function useDoc<T>(selector: (doc: EditorDoc | null) => T): T {
  return useStore(useEditor().doc, selector);
}

/** Re-renders when the selected part of the UI state changes (by reference). */
export function useUi<T>(selector: (s: AnnotateUiState) => T): T {
  return useStore(useEditor().ui, selector);
}

const whole = <T,>(v: T) => v;
/** The whole value of one of the editor's stores (dialogs, row drafts, save and history state). */
export function useEditorStore<T>(pick: (e: AnnotationEditor) => Readable<T>): T {
  return useStore(pick(useEditor()), whole);
}

/** The interaction machine's chosen tool (select, draw, pan). */
export function useTool(): ToolName {
  return useSelector(useEditor().interaction, (s) => s.context.tool);
}

/** With the draw tool: the track whose box the next drawing redraws (null: a new person). */
export function useDrawInto(): number | null {
  return useSelector(useEditor().interaction, (s) => (s.context.tool === 'draw' ? s.context.drawInto : null));
}
