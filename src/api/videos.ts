// Library calls for videos: paged list, status, history, log, process, batch calls, URLs.
import {
  FETCH_MAX_TOTAL,
  FETCH_PAGE_SIZE,
  type BatchExportMode,
  type BatchProcessFraction,
  type VideoStatus,
} from '../../domain/constants';
import type {
  BatchProcessQueued,
  HistoryEntry,
  ProcessingQueued,
  StatusChanged,
  Video,
  VideoStatusInfo,
} from '../../domain/contract/videos';
import { ApiError, apiUrl, errorText, identityHeaders, rawRequest, request } from './request';

export type { BatchProcessQueued, HistoryEntry, ProcessingQueued, StatusChanged, Video, VideoStatusInfo };

export interface VideoListFilters {
  q?: string;
  status?: readonly VideoStatus[];
  source_root?: string;
  assignee?: string;
  unassigned_only?: boolean;
}

/** The library's filters as query parameters: shared by the list and by Prev/Next neighbours. */
export function filterParams(f: VideoListFilters, p = new URLSearchParams()): URLSearchParams {
  for (const s of f.status ?? []) p.append('status', s);
  if (f.source_root) p.set('source_root', f.source_root);
  if (f.q?.trim()) p.set('q', f.q.trim());
  if (f.unassigned_only) p.set('unassigned_only', 'true');
  else if (f.assignee) p.set('assignee', f.assignee);
  return p;
}

export function listQuery(f: VideoListFilters, skip: number, limit = FETCH_PAGE_SIZE, afterId?: number): string {
  const p = new URLSearchParams({ limit: String(limit), skip: String(skip) });
  // Extension (README API): the server pages by id after the last row, so deep pages cost the same as the first.
  if (afterId !== undefined) p.set('after_id', String(afterId));
  return filterParams(f, p).toString();
}

/** The first block fetched by the early-fetch entry (index.html) while the app bundle was still loading. */
interface EarlyBlock {
  path: string;
  at: number;
  rows: Promise<Video[] | null>;
}
const EARLY_KEY = '__vatLibraryFirstBlock';

export function startEarlyBlock(path: string): void {
  const rows = fetch(apiUrl(path), { headers: identityHeaders() })
    .then((r) => (r.ok ? (r.json() as Promise<Video[]>) : null))
    .catch(() => null);
  (globalThis as Record<string, unknown>)[EARLY_KEY] = { path, at: Date.now(), rows } satisfies EarlyBlock;
}

/** Uses the early block once, when it is for exactly this request; errors fall back to a normal request. */
async function takeEarlyBlock(path: string): Promise<Video[] | null> {
  const g = globalThis as Record<string, unknown>;
  const early = g[EARLY_KEY] as EarlyBlock | undefined;
  delete g[EARLY_KEY];
  // Only fresh: a block left unused (e.g. the URL changed first) must never show stale rows later.
  return early && early.path === path && Date.now() - early.at < 10_000 ? early.rows : null;
}

/**
 * Loads the list in blocks of 1000 until a short block or 100,000 rows. `onBlock` gets every
 * block as it arrives so the first rows can show while the rest stream in.
 */
export async function loadAllVideos(
  f: VideoListFilters,
  onBlock: (rows: Video[]) => void,
  signal?: AbortSignal,
): Promise<number> {
  let total = 0;
  let lastId: number | undefined;
  while (total < FETCH_MAX_TOTAL) {
    const limit = Math.min(FETCH_PAGE_SIZE, FETCH_MAX_TOTAL - total);
    const path = `/api/v1/videos/?${listQuery(f, total, limit, lastId)}`;
    const rows =
      (total === 0 ? await takeEarlyBlock(path) : null) ??
      (await request<Video[]>(path, { signal, fallback: 'Failed to load videos' }));
    if (signal?.aborted) break;
    onBlock(rows);
    total += rows.length;
    lastId = rows.length ? rows[rows.length - 1].id : lastId;
    if (rows.length < limit) break;
  }
  return total;
}

export const getVideoStatus = (id: number) => request<VideoStatusInfo>(`/api/v1/videos/${id}/status`);

export const setVideoStatus = (id: number, status: VideoStatus, remark?: string | null) =>
  request<StatusChanged>(`/api/v1/videos/${id}/status`, {
    method: 'PATCH',
    json: remark ? { status, remark } : { status },
    fallback: 'Failed to update status',
  });

export const getVideoHistory = (id: number) =>
  request<HistoryEntry[]>(`/api/v1/videos/${id}/history`, { fallback: 'Failed to load history' });

export async function getVideoLog(id: number): Promise<string> {
  const res = await rawRequest(`/api/v1/videos/${id}/log`);
  if (!res.ok) throw new ApiError(res.status, await errorText(res, `HTTP ${res.status}`));
  return res.text();
}

export const startProcessing = (id: number) =>
  request<ProcessingQueued>(`/api/v1/videos/${id}/process`, { method: 'POST', fallback: 'Failed to start processing' });
export const startReprocessing = (id: number) =>
  request<ProcessingQueued>(`/api/v1/videos/${id}/reprocess`, {
    method: 'POST',
    fallback: 'Failed to start reprocessing',
  });

export function batchProcess(fraction: BatchProcessFraction, sourceRoot?: string) {
  const p = new URLSearchParams({ fraction });
  if (sourceRoot) p.set('source_root', sourceRoot);
  return request<BatchProcessQueued>(`/api/v1/videos/batch_process?${p}`, {
    method: 'POST',
    fallback: 'Failed to start batch processing',
  });
}

/** Filename from a Content-Disposition header (RFC 6266 filename* preferred), else null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1].trim() : null;
}

export const fallbackExportName = (mode: BatchExportMode, now = new Date()) =>
  `annotations_${mode}_${now.toISOString().replace(/[:.]/g, '-')}.zip`;

/** POST /videos/batch_export → the zip and the name to save it under. */
export async function batchExport(
  mode: BatchExportMode,
  sourceRoot?: string,
): Promise<{ blob: Blob; filename: string }> {
  const res = await rawRequest('/api/v1/videos/batch_export', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(sourceRoot ? { mode, source_root: sourceRoot } : { mode }),
  });
  if (!res.ok) throw new ApiError(res.status, await errorText(res, 'Failed to export annotations'));
  return {
    blob: await res.blob(),
    filename: filenameFromDisposition(res.headers.get('content-disposition')) ?? fallbackExportName(mode),
  };
}

export const videoDownloadUrl = (id: number) => apiUrl(`/api/v1/videos/${id}/download`);
/** The same call for a player: a copy the browser can play when the file is not (an AVI, MOV, MKV). */
export const videoPlaybackUrl = (id: number) => apiUrl(`/api/v1/videos/${id}/download?playback=1`);
export const videoLogUrl = (id: number) => apiUrl(`/api/v1/videos/${id}/log`);
