// window.__vatEdit: where edit targets are on screen (canvas content is not DOM) and what is unsaved, for
// the Playwright edit tests. Read-only; installed while the edit host is mounted.
import { getDoc } from '../document/store';
import { getUi } from '../document/ui-store';
import { shownAt } from '../interpolate';
import { AXIS_H, ROW_H } from '../timeline/timeline-draw';
import { saveQueue } from './edit-session';

export interface VatEditApi {
  /** Client-pixel box of a track's detection at the current frame (null when not shown). */
  boxOnScreen(trackId: number): { x1: number; y1: number; x2: number; y2: number } | null;
  keypointOnScreen(trackId: number, index: number): { x: number; y: number } | null;
  /** Client-pixel rectangle of a segment's timeline bar. */
  barOnScreen(segmentId: number): { x1: number; x2: number; y: number } | null;
  pending(): number;
}

function stageRect(): DOMRect | null {
  // react-konva does not forward data-testid to its container: take the overlay's Konva content box.
  const el = document.querySelector('[data-testid="player.box"] .konvajs-content');
  return el ? el.getBoundingClientRect() : null;
}

function shown(trackId: number) {
  const doc = getDoc(); const ui = getUi();
  if (!doc) return null;
  return shownAt(doc, ui, ui.frame)(trackId);
}

export const editTestApi: VatEditApi = {
  boxOnScreen(trackId) {
    const r = stageRect(); const d = shown(trackId);
    if (!r || !d) return null;
    return { x1: r.left + d.x1 * r.width, y1: r.top + d.y1 * r.height, x2: r.left + d.x2 * r.width, y2: r.top + d.y2 * r.height };
  },
  keypointOnScreen(trackId, i) {
    const r = stageRect(); const d = shown(trackId);
    if (!r || !d?.keypoints) return null;
    return { x: r.left + d.keypoints[i * 3] * r.width, y: r.top + d.keypoints[i * 3 + 1] * r.height };
  },
  barOnScreen(segmentId) {
    const doc = getDoc();
    const el = document.querySelector('[data-testid="timeline.canvas"]');
    const seg = doc?.segments.find((s) => s.id === segmentId);
    if (!doc || !el || !seg || doc.info.duration <= 0) return null;
    const r = el.getBoundingClientRect();
    const pps = r.width / doc.info.duration;
    const row = doc.trackIds.indexOf(seg.track_id);
    return { x1: r.left + seg.start_time * pps, x2: r.left + seg.end_time * pps, y: r.top + AXIS_H + row * ROW_H + ROW_H / 2 };
  },
  pending: () => saveQueue.getState().pending,
};

declare global { interface Window { __vatEdit?: VatEditApi } }

export function installEditTestApi(): () => void {
  window.__vatEdit = editTestApi;
  return () => { if (window.__vatEdit === editTestApi) delete window.__vatEdit; };
}
