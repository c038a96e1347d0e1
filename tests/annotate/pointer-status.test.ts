// The status line over the picture names where a drawn box goes before it is drawn: a new person, or the
// selected track's redraw at this frame.
import { expect, it } from 'vitest';
import { pointerStatus } from '../../src/annotate/player/PointerStatus';
import { TestEditor } from './test-editor';

const statusOf = (te: TestEditor) => {
  const { tool, drawInto } = te.editor.interaction.getSnapshot().context;
  const ui = te.ui;
  return pointerStatus({ mode: ui.mode, tool, drawInto, selected: ui.selectedTrackId, frame: ui.frame });
};

it('says a drag draws a new person, and after Shift+B names the track and frame the box goes to', () => {
  const te = new TestEditor().enterEditMode();
  expect(statusOf(te)).toMatch(/^Drag on empty: new person/);
  te.editor.updateUi({ selectedTrackId: 2, frame: 3 });
  expect(statusOf(te)).toMatch(/^T2 selected · drag on empty: new person · Shift\+B: redraw T2 · Esc: deselect$/);
  te.keyDown('B', { shift: true });
  expect(statusOf(te)).toBe('Redraw T2: the next box goes to T2 at frame 3 · Esc cancels');
  te.keyDown('Escape');
  te.keyDown('b');
  expect(statusOf(te)).toMatch(/^New box: drag anywhere to draw a new person/);
  te.dispose();
});

it('says nothing in view mode unless the Hand is on', () => {
  expect(pointerStatus({ mode: 'view', tool: 'select', drawInto: null, selected: 1, frame: 0 })).toBe('');
  expect(pointerStatus({ mode: 'view', tool: 'pan', drawInto: null, selected: 1, frame: 0 })).toMatch(/^Hand/);
});
