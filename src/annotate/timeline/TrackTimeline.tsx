// Track Timeline: one row per track (its colour, eye toggle, label T{n}, edit extras), a time grid, a
// playhead, keyframe marks and clickable segment bars on a Konva canvas. A click on a bar seeks to its
// start and selects it, a click on an empty part of a row selects the track and seeks there; in edit mode
// a press on a bar starts a move / resize drag and a drag on an empty part creates an action
// (timeline-pointer.ts). For long videos it zooms and scrolls in time (buttons, Ctrl+wheel, Shift+wheel,
// the overview strip), and follows the playhead when it leaves the window. With 'Near playhead' it lists
// only the tracks present around the playhead and says how many it hides (rows-near.ts).
import { previewStands } from '../document/range-preview';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import type Konva from 'konva';
import { Button } from '../../components/ui/Button';
import { useDoc, useEditor, useUi } from '../editor/editor-context';
import { keyframeMarks } from './keyframe-marks';
import { ReviewNavBar } from './ReviewNavBar';
import { drawIssueMarks } from './issue-timeline-draw';
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
import { cursorFor, hitAt, pressTimeline } from './timeline-pointer';
import { clampView, followTime, panView, wholeVideo, zoomView, ZOOM_STEP, type TimeView } from './time-view';
import { TimelineOverview, TimelineZoomButtons } from './TimelineOverview';
import { TrackRowLabel } from './TrackRowLabel';
import { NEAR_S, readNearChoice, saveNearChoice, tracksNear } from './rows-near';

const LABEL_W = 112;
/** Height of the scrolling row area until it is measured (it fills the space the page layout gives it). */
const VIEW_H = 320;

/** The rows shown: every track, or with the filter on those near the playhead (a new list only when it changes). */
function useShownRows(trackIds: readonly number[], near: boolean): number[] {
  const editor = useEditor();
  const read = () => {
    const doc = editor.getDoc();
    const ui = editor.getUi();
    if (!near || !doc) return trackIds.join(',');
    return tracksNear(trackIds, doc.trackRanges, ui.frame, doc.info.fps, ui.selectedTrackId).join(',');
  };
  const key = useSyncExternalStore(
    (cb) => {
      const a = editor.ui.subscribe(cb);
      const b = editor.doc.subscribe(cb);
      return () => {
        a();
        b();
      };
    },
    read,
    read,
  );
  return useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
}

export function TrackTimeline() {
  const allTracks = useDoc((d) => d?.trackIds ?? EMPTY);
  const duration = useDoc((d) => d?.info.duration ?? 0);
  const hidden = useUi((s) => s.hiddenTracks);
  const selectedTrack = useUi((s) => s.selectedTrackId);
  const editor = useEditor();
  const lastTimeline = editor.timelineStats;
  const boxRef = useRef<HTMLDivElement>(null);
  const box = useElementSize(boxRef);
  const width = Math.max(0, box.width - LABEL_W);
  const viewHeight = box.height || VIEW_H;
  // 'Near playhead': on by itself when the rows would not fit without scrolling, unless chosen
  const [nearChoice, setNearChoice] = useState(readNearChoice);
  const near = nearChoice ?? allTracks.length * ROW_H > viewHeight - AXIS_H;
  const trackIds = useShownRows(allTracks, near);
  const hiddenRows = allTracks.length - trackIds.length;
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
    const offIssues = editor.issues.state.subscribe(() => headRef.current?.batchDraw());
    const offUi = editor.ui.subscribe((s, p) => {
      if (
        s.hiddenTracks !== p.hiddenTracks ||
        s.selectedSegmentId !== p.selectedSegmentId ||
        s.selectedTrackId !== p.selectedTrackId ||
        s.rangePreview !== p.rangePreview
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
      offIssues();
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
        <label
          className="flex items-center gap-1 text-xs text-slate-600"
          title={`Only the tracks present within ${NEAR_S} s of the playhead (and the selected one)`}
        >
          <input
            type="checkbox"
            data-testid="timeline.near"
            checked={near}
            onChange={(e) => {
              setNearChoice(e.target.checked);
              saveNearChoice(e.target.checked);
            }}
          />
          Near playhead
          {near && (
            <span data-testid="timeline.hidden-count" className="text-slate-500">
              ({trackIds.length} shown, {hiddenRows} hidden)
            </span>
          )}
        </label>
        <TimelineZoomButtons
          view={view}
          duration={duration}
          onFit={() => setView(wholeVideo(duration))}
          onZoom={(f) => setView(zoomView(view, f, zoomAnchor(view, editor.getUi().time), duration))}
        />
        <Button
          data-testid="timeline.merge"
          disabled={allTracks.length < 2}
          onClick={() => patchStore(editor.dialogs, { merge: true })}
        >
          Track Merge
        </Button>
      </header>
      <TimelineOverview view={view} duration={duration} onView={setView} left={LABEL_W} />
      <div ref={boxRef} data-testid="timeline.rows" className="min-h-0 flex-1 overflow-y-auto" onScroll={onScroll}>
        {trackIds.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-500">
            {allTracks.length ? `No track within ${NEAR_S} s of the playhead` : 'No tracks'}
          </p>
        ) : (
          <div className="flex" style={{ height }}>
            <div style={{ width: LABEL_W, paddingTop: AXIS_H }} className="shrink-0 border-r border-slate-200">
              {trackIds.map((id) => (
                <TrackRowLabel key={id} trackId={id} hidden={hidden.includes(id)} selected={selectedTrack === id} />
              ))}
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
                          const preview = previewStands(ui, ui.rangePreview) ? ui.rangePreview : null;
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
                              preview,
                            },
                            presence,
                          );
                          lastTimeline.preview = preview && { ...preview };
                          lastTimeline.bands = presence.bands;
                          lastTimeline.lowBands = presence.low;
                          lastTimeline.viewStart = layoutRef.current.viewStart ?? 0;
                          lastTimeline.viewSpan = layoutRef.current.viewSpan ?? 0;
                          lastTimeline.rows = [...layoutRef.current.trackIds];
                          lastTimeline.drawMs = performance.now() - t0;
                          lastTimeline.draws++;
                        }}
                      />
                    </Layer>
                    <Layer ref={headRef} listening={false}>
                      <Shape
                        listening={false}
                        perfectDrawEnabled={false}
                        sceneFunc={(k) => {
                          const { issues, selectedId } = editor.issues.state.get();
                          const fps = editor.getDoc()?.info.fps || 30;
                          lastTimeline.issueBands = drawIssueMarks(
                            k._context,
                            layoutRef.current,
                            issues,
                            fps,
                            selectedId,
                          );
                        }}
                      />
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
