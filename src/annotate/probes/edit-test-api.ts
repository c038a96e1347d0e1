// window.__vatEdit: where edit targets are on screen (canvas content is not DOM) and what is unsaved, for
// the Playwright edit tests. Read-only, read from the page's editor; installed while the edit host is mounted.
import { shownAt } from '../document/interpolate';
import { frameAt } from '../document/frame-blocks';
import { AXIS_H, ROW_H } from '../timeline/timeline-draw';
import type { AnnotationEditor } from '../editor/annotation-editor';

export interface VatEditApi {
  /** Client-pixel box of a track's detection at the current frame, at the current zoom and pan (null when not shown). */
  boxOnScreen(trackId: number): { x1: number; y1: number; x2: number; y2: number } | null;
  keypointOnScreen(trackId: number, index: number): { x: number; y: number } | null;
  /** Client-pixel rectangle of a segment's timeline bar. */
  barOnScreen(segmentId: number): { x1: number; x2: number; y: number } | null;
  pending(): number;
  /** Client-pixel rectangle of the video frame's visible part (where a drag on an empty area draws a box). */
  frameOnScreen(): { x1: number; y1: number; x2: number; y2: number } | null;
  /** The loaded detection's source at (track, frame): 'ai', 'human' (keyframe), 'interpolated', 'outside'; null when none. */
  sourceAt(trackId: number, frame: number): string | null;
}

function viewportRect(): DOMRect | null {
  const el = document.querySelector('[data-testid="player.viewport"]');
  return el ? el.getBoundingClientRect() : null;
}

export function editTestApi(editor: AnnotationEditor): VatEditApi {
  const shown = (trackId: number) => {
    const doc = editor.getDoc();
    const ui = editor.getUi();
    return doc ? shownAt(doc, ui, ui.frame)(trackId) : null;
  };
  /** A point given as fractions of the video, in client pixels at the viewport's zoom and pan. */
  const onScreen = (r: DOMRect, fx: number, fy: number) => {
    const g = editor.viewport.geometry();
    const p = editor.viewport.toScreen({ x: fx * g.videoW, y: fy * g.videoH });
    return { x: r.left + p.x, y: r.top + p.y };
  };
  return {
    boxOnScreen(trackId) {
      const r = viewportRect();
      const d = shown(trackId);
      if (!r || !d) return null;
      const a = onScreen(r, d.x1, d.y1);
      const b = onScreen(r, d.x2, d.y2);
      return { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
    },
    keypointOnScreen(trackId, i) {
      const r = viewportRect();
      const d = shown(trackId);
      if (!r || !d?.keypoints) return null;
      return onScreen(r, d.keypoints[i * 3], d.keypoints[i * 3 + 1]);
    },
    barOnScreen(segmentId) {
      const doc = editor.getDoc();
      const el = document.querySelector('[data-testid="timeline.canvas"]');
      const seg = doc?.segments.find((s) => s.id === segmentId);
      if (!doc || !el || !seg || doc.info.duration <= 0) return null;
      const r = el.getBoundingClientRect();
      // the timeline shows a window of time (it zooms): the whole video until zoomed
      const { viewStart, viewSpan } = editor.timelineStats;
      const span = viewSpan > 0 ? viewSpan : doc.info.duration;
      const pps = r.width / span;
      const row = doc.trackIds.indexOf(seg.track_id);
      return {
        x1: r.left + (seg.start_time - viewStart) * pps,
        x2: r.left + (seg.end_time - viewStart) * pps,
        y: r.top + AXIS_H + row * ROW_H + ROW_H / 2,
      };
    },
    pending: () => editor.saves.getState().pending,
    frameOnScreen() {
      const r = viewportRect();
      if (!r) return null;
      const a = onScreen(r, 0, 0);
      const b = onScreen(r, 1, 1);
      return {
        x1: Math.max(r.left, a.x),
        y1: Math.max(r.top, a.y),
        x2: Math.min(r.right, b.x),
        y2: Math.min(r.bottom, b.y),
      };
    },
    sourceAt: (trackId, frame) => frameAt(editor.getDoc()?.detections[trackId], frame)?.source ?? null,
  };
}

declare global {
  interface Window {
    __vatEdit?: VatEditApi;
  }
}

export function installEditTestApi(editor: AnnotationEditor): () => void {
  const api = editTestApi(editor);
  window.__vatEdit = api;
  return () => {
    if (window.__vatEdit === api) delete window.__vatEdit;
  };
}
