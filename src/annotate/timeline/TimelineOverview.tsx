// The timeline's overview strip: the whole video in one bar, the window the rows show as a frame on it and
// the playhead as a line. A press centres the window there and a drag moves it; the buttons zoom in, out
// and back to the whole video (Ctrl+wheel zooms and Shift+wheel scrolls on the rows, see TrackTimeline).
import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { useUi } from '../editor/editor-context';
import { centreView, isWhole, ZOOM_STEP, type TimeView } from './time-view';

export function TimelineZoomButtons({
  view,
  duration,
  onZoom,
  onFit,
}: {
  view: TimeView;
  duration: number;
  onZoom: (factor: number) => void;
  onFit: () => void;
}) {
  const whole = isWhole(view, duration);
  return (
    <div className="flex items-center gap-1" role="group" aria-label="Timeline zoom">
      <Button
        data-testid="timeline.zoom-out"
        title="Zoom out (Ctrl+wheel)"
        aria-label="Zoom out"
        disabled={whole}
        onClick={() => onZoom(1 / ZOOM_STEP)}
      >
        −
      </Button>
      <Button
        data-testid="timeline.zoom-in"
        title="Zoom in (Ctrl+wheel)"
        aria-label="Zoom in"
        disabled={duration <= 0 || view.span <= Math.min(duration, 2) + 1e-9}
        onClick={() => onZoom(ZOOM_STEP)}
      >
        +
      </Button>
      <Button data-testid="timeline.zoom-fit" title="Show the whole video" disabled={whole} onClick={onFit}>
        Fit
      </Button>
    </div>
  );
}

export function TimelineOverview({
  view,
  duration,
  onView,
  left,
}: {
  view: TimeView;
  duration: number;
  onView: (v: TimeView) => void;
  left: number;
}) {
  const time = useUi((s) => s.time);
  const barRef = useRef<HTMLDivElement>(null);
  if (duration <= 0) return null;
  const pct = (t: number) => `${(Math.min(duration, Math.max(0, t)) / duration) * 100}%`;
  const timeAt = (clientX: number) => {
    const r = barRef.current!.getBoundingClientRect();
    return ((clientX - r.left) / Math.max(1, r.width)) * duration;
  };
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    onView(centreView(view, timeAt(e.clientX), duration));
    const move = (m: PointerEvent) => onView(centreView(view, timeAt(m.clientX), duration));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return (
    <div className="border-b border-slate-200 py-1 pr-1" style={{ paddingLeft: left }}>
      <div
        ref={barRef}
        data-testid="timeline.overview"
        title="The whole video: press or drag to show another part"
        className="relative h-3 cursor-pointer rounded bg-slate-100"
        onPointerDown={onPointerDown}
      >
        <div
          data-testid="timeline.overview-window"
          className="absolute inset-y-0 rounded border border-indigo-500 bg-indigo-200/60"
          style={{ left: pct(view.start), width: pct(view.span) }}
        />
        <div className="absolute inset-y-0 w-0.5 bg-red-600" style={{ left: pct(time) }} />
      </div>
    </div>
  );
}
