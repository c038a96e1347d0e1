// The player box's input surface: turns the DOM's pointer events (mouse, pen and touch alike), the wheel
// and the context menu into editor.dispatch events in viewport pixels, captures the pointer for a pan or
// a drag (so its moves and release arrive even outside the box), and shows the cursor of what is under
// the pointer. It decides nothing itself: tools/canvas-input.ts does.
import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useEditor } from '../editor/editor-context';
import type { CanvasOutcome } from '../tools/canvas-input';
import { hitTest, type OverlayHit } from '../canvas/hit-test';
import { overlayModel } from '../canvas/overlay-model';

const CURSORS: Record<OverlayHit['kind'], string> = {
  corner: 'nwse-resize',
  keypoint: 'pointer',
  box: 'move',
  empty: 'crosshair',
  outside: 'default',
};

export function ViewportSurface({ children }: { children: ReactNode }) {
  const editor = useEditor();
  const ref = useRef<HTMLDivElement>(null);

  // The wheel needs a non-passive listener to keep the page from scrolling while it zooms.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const r = el.getBoundingClientRect();
      const px = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1;
      if (
        editor.dispatch({ type: 'wheel', x: e.clientX - r.left, y: e.clientY - r.top, deltaY: e.deltaY * px }) !==
        'none'
      )
        e.preventDefault();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [editor]);

  const at = (e: { clientX: number; clientY: number }) => {
    const r = ref.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const cursorFor = (outcome: CanvasOutcome, e: ReactPointerEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const tool = editor.interaction.getSnapshot().context.tool;
    const hand = tool === 'pan' || editor.spaceHold.held;
    if (outcome === 'pan') el.style.cursor = 'grabbing';
    else if (outcome === 'drag') return;
    else if (hand) el.style.cursor = 'grab';
    else if (editor.getUi().mode !== 'edit') el.style.cursor = 'default';
    else {
      const v = editor.viewport;
      const hit =
        tool === 'draw'
          ? { kind: 'empty' as const }
          : hitTest(overlayModel(editor.getDoc(), editor.getUi()), { state: v.get(), geo: v.geometry() }, at(e), {
              pointerType: e.pointerType,
            });
      el.style.cursor = CURSORS[hit.kind];
    }
  };
  const capture = (e: ReactPointerEvent<HTMLDivElement>, outcome: CanvasOutcome) => {
    if (outcome !== 'pan' && outcome !== 'drag') return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };

  return (
    <div
      ref={ref}
      data-testid="player.viewport"
      className="absolute inset-0"
      style={{ touchAction: 'none' }}
      onPointerDown={(e) => {
        const o = editor.dispatch({ type: 'pointer.down', ...at(e), button: e.button, pointerType: e.pointerType });
        capture(e, o);
        cursorFor(o, e);
      }}
      onPointerMove={(e) => cursorFor(editor.dispatch({ type: 'pointer.move', ...at(e) }), e)}
      onPointerUp={(e) => {
        editor.dispatch({ type: 'pointer.up', ...at(e) });
        cursorFor('none', e);
      }}
      onPointerCancel={() => editor.dispatch({ type: 'pointer.cancel' })}
      // after a release this finds nothing running; without one (the capture was taken away) it ends the pan or drag
      onLostPointerCapture={() => editor.dispatch({ type: 'pointer.cancel' })}
      onAuxClick={(e) => {
        if (e.button === 1) e.preventDefault();
      }}
      onContextMenu={(e) => {
        if (editor.dispatch({ type: 'menu', ...at(e) }) !== 'none') e.preventDefault();
      }}
    >
      {children}
    </div>
  );
}
