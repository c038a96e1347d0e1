// What a reload of the Annotate screen brings back, per video, for the browser tab's session
// (sessionStorage `vat.annotate.view.{videoId}`): the View/Edit mode, the hidden tracks and the canvas
// zoom. The frame lives in the URL (?frame=) so it can also be shared. Each part writes only its own
// fields (writeViewMemory merges), so the canvas zoom code keeps its state under `zoom` without knowing
// about the rest.
import type { EditorMode } from '../../annotate/document/ui-state';
import { safeSessionStorage } from '../library/library-params';

export interface ViewMemory {
  mode?: EditorMode;
  hiddenTracks?: number[];
  /** Owned by the player canvas's zoom/pan: stored and read there, kept as it is here. */
  zoom?: unknown;
}

export const viewMemoryKey = (videoId: number) => `vat.annotate.view.${videoId}`;

export function readViewMemory(videoId: number, storage: Storage | null = safeSessionStorage()): ViewMemory {
  try {
    const raw = JSON.parse(storage?.getItem(viewMemoryKey(videoId)) ?? 'null') as unknown;
    if (!raw || typeof raw !== 'object') return {};
    const m = raw as Record<string, unknown>;
    const out: ViewMemory = {};
    if (m.mode === 'view' || m.mode === 'edit') out.mode = m.mode;
    if (Array.isArray(m.hiddenTracks))
      out.hiddenTracks = m.hiddenTracks.filter((t): t is number => Number.isInteger(t));
    if ('zoom' in m) out.zoom = m.zoom;
    return out;
  } catch {
    return {};
  }
}

export function writeViewMemory(
  videoId: number,
  patch: ViewMemory,
  storage: Storage | null = safeSessionStorage(),
): void {
  try {
    storage?.setItem(viewMemoryKey(videoId), JSON.stringify({ ...readViewMemory(videoId, storage), ...patch }));
  } catch {
    /* full or blocked: the view is then not restored */
  }
}

/** The `?frame=` of a URL's query: a whole number ≥ 0, else null. */
export function frameFromSearch(search: string): number | null {
  const v = new URLSearchParams(search).get('frame');
  if (v === null || !/^\d+$/.test(v)) return null;
  return Number(v);
}

/** The query with `frame` set (frame 0, the start, leaves it out); other parameters are kept. */
export function searchWithFrame(search: string, frame: number): string {
  const p = new URLSearchParams(search);
  if (frame > 0) p.set('frame', String(frame));
  else p.delete('frame');
  const s = p.toString();
  return s ? `?${s}` : '';
}
