// Track Timeline: one row per track (eye toggle, label T{n}, edit extras), a time grid, a
// playhead and clickable segment bars on a Konva canvas. Clicking a bar seeks to its start and selects
// it; in edit mode a press on a bar starts a move / resize drag instead (edit/drag-start.ts).
import { useEffect, useMemo, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import type Konva from 'konva';
import { Button } from '../../components/ui/Button';
import { toggledHidden } from '../document/ui-state';
import { useDoc, useEditor, useUi } from '../editor/editor-context';
import { pressBar } from '../edit/drag-start';
import { DeleteTrackButton } from '../edit/TrackDialogs';
import { TrackRangeMenuButton } from '../edit/CorrectionDialogs';
import { keyframeMarks } from './keyframe-marks';
import { ReviewNavBar } from '../review/ReviewNavBar';
import { VerifiedToggle } from '../review/VerifiedToggle';
import { patchStore } from '../store';
import { useElementSize } from '../use-element-size';
import { AXIS_H, ROW_H, contentHeight, drawPlayhead, drawTimeline, hitTest, pxPerSecond, viewHeightOf, type TimelineLayout } from './timeline-draw';

const LABEL_W = 112;
/** Height of the scrolling row area until it is measured (it fills the space the page layout gives it). */
const VIEW_H = 320;

export function TrackTimeline() {
  const trackIds = useDoc((d) => d?.trackIds ?? EMPTY);
  const duration = useDoc((d) => d?.info.duration ?? 0);
  const hidden = useUi((s) => s.hiddenTracks);
  const editor = useEditor();
  const { player } = editor;
  const lastTimeline = editor.timelineStats;
  const boxRef = useRef<HTMLDivElement>(null);
  const box = useElementSize(boxRef);
  const width = Math.max(0, box.width - LABEL_W);
  const viewHeight = box.height || VIEW_H;
  const barsRef = useRef<Konva.Layer>(null);
  const headRef = useRef<Konva.Layer>(null);
  const layout = useMemo<TimelineLayout>(() => ({ width, duration, trackIds, viewHeight }), [width, duration, trackIds, viewHeight]);
  const scrollRef = useRef(0);
  const layoutRef = useRef(layout);
  layoutRef.current = { ...layout, scrollY: scrollRef.current };
  const height = contentHeight(layout);
  const viewH = viewHeightOf(layout);
  const onScroll = () => {
    scrollRef.current = boxRef.current?.scrollTop ?? 0;
    layoutRef.current = { ...layoutRef.current, scrollY: scrollRef.current };
    barsRef.current?.batchDraw(); headRef.current?.batchDraw();
  };

  useEffect(() => {
    const redrawBars = () => barsRef.current?.batchDraw();
    const offDoc = editor.doc.subscribe(redrawBars);
    const offReview = editor.review.state.subscribe((s, p) => { if (s.summary !== p.summary) redrawBars(); });
    const offUi = editor.ui.subscribe((s, p) => {
      if (s.hiddenTracks !== p.hiddenTracks || s.selectedSegmentId !== p.selectedSegmentId) redrawBars();
      if (s.time !== p.time) headRef.current?.batchDraw();
    });
    return () => { offDoc(); offUi(); offReview(); };
  }, [editor]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    // Content coordinates (the element scrolls with the rows); the axis stays at the top of the view.
    const x = e.clientX - rect.left; const y = e.clientY - rect.top;
    const inAxis = y - scrollRef.current < AXIS_H;
    const doc = editor.getDoc();
    if (!doc) return;
    const ui = editor.getUi();
    const hit = hitTest(layoutRef.current, { segments: doc.segments, hidden: ui.hiddenTracks, selectedSegmentId: ui.selectedSegmentId }, x, y);
    if (hit.segment && !inAxis) {
      if (pressBar(editor, { segment: hit.segment, part: hit.part, time: hit.time, pxPerSecond: pxPerSecond(layoutRef.current), clientX: e.clientX })) return;
      editor.updateUi({ selectedSegmentId: hit.segment.id, selectedTrackId: hit.segment.track_id });
      void player.seekTime(hit.segment.start_time);
    } else if (inAxis) {
      void player.seekTime(hit.time);
    }
  };

  return (
    <section data-testid="timeline.panel" className="flex h-full min-h-0 flex-col rounded border border-slate-200 bg-white">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-1.5">
        <h2 className="text-sm font-semibold">Track Timeline</h2>
        <ReviewNavBar />
        <Button data-testid="timeline.merge" disabled={trackIds.length < 2} onClick={() => patchStore(editor.dialogs, { merge: true })}>Track Merge</Button>
      </header>
      <div ref={boxRef} data-testid="timeline.rows" className="min-h-0 flex-1 overflow-y-auto" onScroll={onScroll}>
        {trackIds.length === 0 ? <p className="px-3 py-2 text-sm text-slate-500">No tracks</p> : (
          <div className="flex" style={{ height }}>
            <div style={{ width: LABEL_W, paddingTop: AXIS_H }} className="shrink-0 border-r border-slate-200">
              {trackIds.map((id) => {
                const isHidden = hidden.includes(id);
                return (
                  <div key={id} data-testid="timeline.row" data-track={id} className="flex items-center gap-1 px-1 text-xs" style={{ height: ROW_H }}>
                    <button type="button" data-testid="timeline.eye" aria-pressed={!isHidden}
                      aria-label={`${isHidden ? 'Show' : 'Hide'} track ${id}`} title={`${isHidden ? 'Show' : 'Hide'} track ${id}`}
                      onClick={() => editor.updateUi((s) => ({ hiddenTracks: toggledHidden(s.hiddenTracks, id) }))}
                      className="rounded px-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                      <EyeIcon open={!isHidden} />
                    </button>
                    <span className={isHidden ? 'text-slate-400 line-through' : 'font-medium'}>T{id}</span>
                    <VerifiedToggle trackId={id} />
                    <DeleteTrackButton trackId={id} />
                    <TrackRangeMenuButton trackId={id} />
                  </div>
                );
              })}
            </div>
            <div data-testid="timeline.canvas" className="relative cursor-pointer" style={{ width, height }} onPointerDown={onPointerDown}>
              {width > 0 && (
                <div className="sticky top-0" style={{ height: viewH }}>
                <Stage width={width} height={viewH} listening={false}>
                  <Layer ref={barsRef} listening={false}>
                    <Shape listening={false} perfectDrawEnabled={false} sceneFunc={(k) => {
                      const t0 = performance.now();
                      const doc = editor.getDoc(); const ui = editor.getUi();
                      const presence = { bands: 0, low: 0 };
                      lastTimeline.bars = drawTimeline(k._context, layoutRef.current, {
                        segments: doc?.segments ?? [], hidden: ui.hiddenTracks, selectedSegmentId: ui.selectedSegmentId,
                        presence: editor.review.presence(), fps: doc?.info.fps, keyframes: doc ? keyframeMarks(doc) : undefined,
                      }, presence);
                      lastTimeline.bands = presence.bands; lastTimeline.lowBands = presence.low;
                      lastTimeline.drawMs = performance.now() - t0;
                      lastTimeline.draws++;
                    }} />
                  </Layer>
                  <Layer ref={headRef} listening={false}>
                    <Shape listening={false} perfectDrawEnabled={false} sceneFunc={(k) => drawPlayhead(k._context, layoutRef.current, editor.getUi().time)} />
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

/** Eye (shown) / struck-through eye (hidden); SVG so it renders without an emoji font. */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"
      className={open ? 'text-slate-700' : 'text-slate-400'}>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <line x1="3" y1="21" x2="21" y2="3" />}
    </svg>
  );
}
