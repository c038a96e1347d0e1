// Track Timeline: one row per track (its colour, eye toggle, label T{n}, edit extras), a time grid, a
// playhead, keyframe marks and clickable segment bars on a Konva canvas. A click on a bar seeks to its
// start and selects it, a click on an empty part of a row selects the track and seeks there; in edit mode
// a press on a bar starts a move / resize drag and a drag on an empty part creates an action
// (timeline-pointer.ts). For long videos it zooms and scrolls in time (buttons, Ctrl+wheel, Shift+wheel,
// the overview strip), and follows the playhead when it leaves the window.
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import type Konva from 'konva';
import { Button } from '../../components/ui/Button';
import { toggledHidden } from '../document/ui-state';
import { useDoc, useEditor, useUi } from '../editor/editor-context';
import { DeleteTrackButton } from '../edit/TrackDialogs';
import { TrackRangeMenuButton } from '../edit/CorrectionDialogs';
import { keyframeMarks } from './keyframe-marks';
import { ReviewNavBar } from '../review/ReviewNavBar';
import { VerifiedToggle } from '../review/VerifiedToggle';
import { patchStore } from '../store';
import { useElementSize } from '../use-element-size';
import {
  AXIS_H,
  ROW_H,
  contentHeight,
  drawPlayhead,
  drawTimeline,
  timeAtX,
  viewHeightOf,
  type TimelineLayout,
} from './timeline-draw';
import { trackColor } from '../colors';
import { cursorFor, hitAt, pressTimeline } from './timeline-pointer';
import { clampView, followTime, panView, wholeVideo, zoomView, ZOOM_STEP, type TimeView } from './time-view';
import { TimelineOverview, TimelineZoomButtons } from './TimelineOverview';

const LABEL_W = 112;
/** Height of the scrolling row area until it is measured (it fills the space the page layout gives it). */
const VIEW_H = 320;

export function TrackTimeline() {
  const trackIds = useDoc((d) => d?.trackIds ?? EMPTY);
  const duration = useDoc((d) => d?.info.duration ?? 0);
  const hidden = useUi((s) => s.hiddenTracks);
  const selectedTrack = useUi((s) => s.selectedTrackId);
  const editor = useEditor();
  const lastTimeline = editor.timelineStats;
  const boxRef = useRef<HTMLDivElement>(null);
  const box = useElementSize(boxRef);
  const width = Math.max(0, box.width - LABEL_W);
  const viewHeight = box.height || VIEW_H;
  const barsRef = useRef<Konva.Layer>(null);
  const headRef = useRef<Konva.Layer>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [view, setViewState] = useState<TimeView>(() => wholeVideo(duration));
  const viewRef = useRef(view);
  const setView = (v: TimeView) => {
    const c = clampView(v, duration);
    viewRef.current = c;
    setViewState(c);
  };
  // a new video (or its length known) shows it whole
  useEffect(() => {
    const v = wholeVideo(duration);
    viewRef.current = v;
    setViewState(v);
  }, [duration]);
  const layout = useMemo<TimelineLayout>(
    () => ({ width, duration, trackIds, viewHeight, viewStart: view.start, viewSpan: view.span }),
    [width, duration, trackIds, viewHeight, view],
  );
  const scrollRef = useRef(0);
  const layoutRef = useRef(layout);
  layoutRef.current = { ...layout, scrollY: scrollRef.current };
  const height = contentHeight(layout);
  const viewH = viewHeightOf(layout);
  const onScroll = () => {
    scrollRef.current = boxRef.current?.scrollTop ?? 0;
    layoutRef.current = { ...layoutRef.current, scrollY: scrollRef.current };
    barsRef.current?.batchDraw();
    headRef.current?.batchDraw();
  };

  useEffect(() => {
    const redrawBars = () => barsRef.current?.batchDraw();
    const offDoc = editor.doc.subscribe(redrawBars);
    const offReview = editor.review.state.subscribe((s, p) => {
      if (s.summary !== p.summary) redrawBars();
    });
    const offUi = editor.ui.subscribe((s, p) => {
      if (
        s.hiddenTracks !== p.hiddenTracks ||
        s.selectedSegmentId !== p.selectedSegmentId ||
        s.selectedTrackId !== p.selectedTrackId
      )
        redrawBars();
      if (s.time !== p.time) {
        headRef.current?.batchDraw();
        // the playhead left the window (playing, or a jump): turn the page so it stays in view
        const d = editor.getDoc()?.info.duration ?? 0;
        const next = followTime(viewRef.current, s.time, d);
        if (next !== viewRef.current) {
          viewRef.current = next;
          setViewState(next);
        }
      }
    });
    return () => {
      offDoc();
      offUi();
      offReview();
    };
  }, [editor]);

  // Ctrl(or ⌘)+wheel zooms around the pointer, Shift+wheel (or a sideways wheel) scrolls in time; a plain
  // wheel scrolls the rows. Not a React handler: React's wheel listener is passive and cannot prevent the page zoom.
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

  // Content coordinates (the element scrolls with the rows); the axis stays at the top of the view.
  const contentPoint = (e: ReactPointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const { x, y } = contentPoint(e);
    pressTimeline(editor, layoutRef.current, x, y, e.clientX);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.buttons !== 0) return;
    const { x, y } = contentPoint(e);
    const at = hitAt(editor, layoutRef.current, x, y);
    e.currentTarget.style.cursor = at ? cursorFor(at.hit, at.inAxis, editor.getUi().mode) : 'default';
  };

  return (
    <section
      data-testid="timeline.panel"
      className="flex h-full min-h-0 flex-col rounded border border-slate-200 bg-white"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-1 text-sm [&_button]:px-2 [&_button]:py-0.5 [&_select]:py-0.5">
        <h2 className="text-sm font-semibold">Track Timeline</h2>
        <ReviewNavBar />
        <TimelineZoomButtons
          view={view}
          duration={duration}
          onFit={() => setView(wholeVideo(duration))}
          onZoom={(f) => setView(zoomView(view, f, zoomAnchor(view, editor.getUi().time), duration))}
        />
        <Button
          data-testid="timeline.merge"
          disabled={trackIds.length < 2}
          onClick={() => patchStore(editor.dialogs, { merge: true })}
        >
          Track Merge
        </Button>
      </header>
      <TimelineOverview view={view} duration={duration} onView={setView} left={LABEL_W} />
      <div ref={boxRef} data-testid="timeline.rows" className="min-h-0 flex-1 overflow-y-auto" onScroll={onScroll}>
        {trackIds.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-500">No tracks</p>
        ) : (
          <div className="flex" style={{ height }}>
            <div style={{ width: LABEL_W, paddingTop: AXIS_H }} className="shrink-0 border-r border-slate-200">
              {trackIds.map((id) => {
                const isHidden = hidden.includes(id);
                return (
                  <div
                    key={id}
                    data-testid="timeline.row"
                    data-track={id}
                    data-selected={selectedTrack === id}
                    className={`flex items-center gap-1 px-1 text-xs ${selectedTrack === id ? 'bg-indigo-50' : ''}`}
                    style={{ height: ROW_H }}
                  >
                    <button
                      type="button"
                      data-testid="timeline.eye"
                      aria-pressed={!isHidden}
                      aria-label={`${isHidden ? 'Show' : 'Hide'} track ${id}`}
                      title={`${isHidden ? 'Show' : 'Hide'} track ${id}`}
                      onClick={() => editor.updateUi((s) => ({ hiddenTracks: toggledHidden(s.hiddenTracks, id) }))}
                      className="rounded px-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                    >
                      <EyeIcon open={!isHidden} />
                    </button>
                    <span
                      data-testid="timeline.swatch"
                      data-color={trackColor(id)}
                      aria-hidden="true"
                      className="h-2.5 w-2.5 shrink-0 rounded-full"
                      style={{ background: trackColor(id), opacity: isHidden ? 0.35 : 1 }}
                    />
                    <button
                      type="button"
                      data-testid="timeline.label"
                      title={`Select track ${id}`}
                      onClick={() => editor.updateUi({ selectedTrackId: id, selectedSegmentId: null })}
                      className={`rounded px-0.5 ${isHidden ? 'text-slate-400 line-through' : 'font-medium'} ${selectedTrack === id ? 'bg-indigo-100 text-indigo-900' : ''}`}
                    >
                      T{id}
                    </button>
                    <VerifiedToggle trackId={id} />
                    <DeleteTrackButton trackId={id} />
                    <TrackRangeMenuButton trackId={id} />
                  </div>
                );
              })}
            </div>
            <div
              ref={canvasRef}
              data-testid="timeline.canvas"
              className="relative cursor-pointer"
              style={{ width, height }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
            >
              {width > 0 && (
                <div className="sticky top-0" style={{ height: viewH }}>
                  <Stage width={width} height={viewH} listening={false}>
                    <Layer ref={barsRef} listening={false}>
                      <Shape
                        listening={false}
                        perfectDrawEnabled={false}
                        sceneFunc={(k) => {
                          const t0 = performance.now();
                          const doc = editor.getDoc();
                          const ui = editor.getUi();
                          const presence = { bands: 0, low: 0 };
                          lastTimeline.bars = drawTimeline(
                            k._context,
                            layoutRef.current,
                            {
                              segments: doc?.segments ?? [],
                              hidden: ui.hiddenTracks,
                              selectedSegmentId: ui.selectedSegmentId,
                              presence: editor.review.presence(),
                              fps: doc?.info.fps,
                              keyframes: doc ? keyframeMarks(doc) : undefined,
                            },
                            presence,
                          );
                          lastTimeline.bands = presence.bands;
                          lastTimeline.lowBands = presence.low;
                          lastTimeline.viewStart = layoutRef.current.viewStart ?? 0;
                          lastTimeline.viewSpan = layoutRef.current.viewSpan ?? 0;
                          lastTimeline.drawMs = performance.now() - t0;
                          lastTimeline.draws++;
                        }}
                      />
                    </Layer>
                    <Layer ref={headRef} listening={false}>
                      <Shape
                        listening={false}
                        perfectDrawEnabled={false}
                        sceneFunc={(k) => drawPlayhead(k._context, layoutRef.current, editor.getUi().time)}
                      />
                    </Layer>
                  </Stage>
                </div>
              )}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

const EMPTY: number[] = [];

/** The buttons zoom around the playhead when it is in view, else around the window's middle. */
const zoomAnchor = (v: TimeView, time: number) =>
  time >= v.start && time <= v.start + v.span ? time : v.start + v.span / 2;

/** Eye (shown) / struck-through eye (hidden); SVG so it renders without an emoji font. */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      className={open ? 'text-slate-700' : 'text-slate-400'}
    >
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <line x1="3" y1="21" x2="21" y2="3" />}
    </svg>
  );
}
