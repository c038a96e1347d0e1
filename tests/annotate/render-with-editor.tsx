// Renders editor components inside <EditorProvider> with a TestEditor's editor (jsdom UI tests).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { EditorProvider } from '../../src/annotate/editor/editor-context';
import type { TestEditor } from './test-editor';

export function renderWithEditor(te: TestEditor, ui: ReactElement) {
  const wrap = (node: ReactElement) => <EditorProvider editor={te.editor}>{node}</EditorProvider>;
  const result = render(wrap(ui));
  return { ...result, rerender: (node: ReactElement) => result.rerender(wrap(node)) };
}
