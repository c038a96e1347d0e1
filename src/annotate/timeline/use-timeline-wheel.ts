// The timeline's wheel: Ctrl(or ⌘)+wheel zooms around the pointer, Shift+wheel (or a sideways wheel)
// scrolls in time, a plain wheel scrolls the rows. Not a React handler: React's wheel listener is passive
// and cannot prevent the page zoom.
import { useEffect, type RefObject } from 'react';
import { useEditor } from '../editor/editor-context';
import { timeAtX, type TimelineLayout } from './timeline-draw';
import { panView, zoomView, ZOOM_STEP, type TimeView } from './time-view';

export function useTimelineWheel(
  canvasRef: RefObject<HTMLDivElement | null>,
  layoutRef: RefObject<TimelineLayout>,
  viewRef: RefObject<TimeView>,
  setView: (v: TimeView) => void,
): void {
  const editor = useEditor();
  useEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const d = editor.getDoc()?.info.duration ?? 0;
      const l = layoutRef.current;
      if (d <= 0) return;
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const at = timeAtX(l, e.clientX - el.getBoundingClientRect().left);
        setView(zoomView(viewRef.current, e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, at, d));
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        const px = e.shiftKey ? e.deltaY || e.deltaX : e.deltaX;
        setView(panView(viewRef.current, (px / Math.max(1, l.width)) * viewRef.current.span, d));
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });
}
