// One line over the bottom-left of the picture, in edit mode, saying what a drag on the picture does now
// and what Escape does: which track a drawn box goes to (a new person, or the selected track's redraw),
// the Hand, and the selection. So nobody draws into a track without seeing which one.
import { useDrawInto, useTool, useUi } from '../editor/editor-context';
import type { ToolName } from '../../../machines/interaction-types';

export interface PointerState {
  mode: 'view' | 'edit';
  tool: ToolName;
  drawInto: number | null;
  selected: number | null;
  frame: number;
}

/** The status line's text (empty: nothing to say). */
export function pointerStatus(s: PointerState): string {
  if (s.tool === 'pan') return 'Hand: drag to pan · H or Esc: back to select';
  if (s.mode !== 'edit') return '';
  if (s.tool === 'draw')
    return s.drawInto === null
      ? 'New box: drag anywhere to draw a new person · B or Esc: back to select'
      : `Redraw T${s.drawInto}: the next box goes to T${s.drawInto} at frame ${s.frame} · Esc cancels`;
  if (s.selected === null) return 'Drag on empty: new person · click a box to select it';
  return `T${s.selected} selected · drag on empty: new person · Shift+B: redraw T${s.selected} · Esc: deselect`;
}

export function PointerStatus() {
  const text = pointerStatus({
    mode: useUi((s) => s.mode),
    tool: useTool(),
    drawInto: useDrawInto(),
    selected: useUi((s) => s.selectedTrackId),
    frame: useUi((s) => s.frame),
  });
  if (!text) return null;
  return (
    <div
      role="status"
      data-testid="edit.status"
      className="pointer-events-none absolute bottom-1 left-1 z-10 max-w-[calc(100%-0.5rem)] truncate rounded bg-slate-900/75 px-2 py-0.5 text-xs text-white"
    >
      {text}
    </div>
  );
}
