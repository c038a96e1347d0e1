// The library's URL query ⇄ list state. The URL is the source of truth while on the page;
// session storage (machines/listState) keeps it for the next visit and the return trip from Annotate.
import {
  DEFAULT_ROWS_PER_PAGE,
  ROWS_PER_PAGE_OPTIONS,
  VIDEO_STATUSES,
  type VideoStatus,
} from '../../../domain/constants';
import type { VideoListFilters } from '../../api/videos';
import { readListState, type ListState } from '../../../domain/list-state';

export const DEFAULT_LIST_STATE: ListState = {
  page: 0,
  rows: DEFAULT_ROWS_PER_PAGE,
  q: '',
  status: [],
  source: '',
  assignee: '',
  unassigned: false,
};

/** Parameters that describe the list (focus/videoId/restore are one-shot instructions, not state). */
const STATE_KEYS = ['page', 'rows', 'q', 'status', 'source', 'assignee', 'unassigned'];

export const hasListParams = (p: URLSearchParams) => STATE_KEYS.some((k) => p.has(k));

export function parseListParams(p: URLSearchParams): ListState {
  const page = Number.parseInt(p.get('page') ?? '', 10);
  const rows = Number.parseInt(p.get('rows') ?? '', 10);
  return {
    page: Number.isFinite(page) && page >= 0 ? page : 0,
    rows: (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rows) ? rows : DEFAULT_ROWS_PER_PAGE,
    q: p.get('q') ?? '',
    status: p.getAll('status').filter((s): s is VideoStatus => (VIDEO_STATUSES as readonly string[]).includes(s)),
    source: p.get('source') ?? '',
    assignee: p.get('assignee') ?? '',
    unassigned: p.get('unassigned') === '1',
  };
}

export function listParams(s: ListState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.page) p.set('page', String(s.page));
  if (s.rows !== DEFAULT_ROWS_PER_PAGE) p.set('rows', String(s.rows));
  if (s.q) p.set('q', s.q);
  for (const st of s.status) p.append('status', st);
  if (s.source) p.set('source', s.source);
  if (s.unassigned) p.set('unassigned', '1');
  else if (s.assignee) p.set('assignee', s.assignee);
  return p;
}

/** The focused video id from ?focus= or ?videoId=, if any. */
export function focusParam(p: URLSearchParams): number | null {
  const n = Number.parseInt(p.get('focus') ?? p.get('videoId') ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** 'Back to Library' target for the annotate screen: the saved filters plus restore=1. */
export function backToLibraryUrl(storage: Storage | null = safeSessionStorage(), now = Date.now()): string {
  const saved = readListState(storage, now, false) ?? DEFAULT_LIST_STATE;
  const p = listParams(saved);
  p.set('restore', '1');
  return `/videos?${p}`;
}

export function safeSessionStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Where the saved list state should replace the URL: a restore trip, or a bare /videos visit. Null = keep the URL. */
export function savedStateRedirect(
  params: URLSearchParams,
  storage: Storage | null = safeSessionStorage(),
  now = Date.now(),
): URLSearchParams | null {
  const restore = params.get('restore') === '1';
  if (!restore && hasListParams(params)) return null;
  const saved = readListState(storage, now, restore);
  const next = saved ? listParams(saved) : new URLSearchParams(params);
  next.delete('restore');
  for (const k of ['focus', 'videoId']) {
    const v = params.get(k);
    if (v) next.set(k, v);
  }
  return next.toString() === params.toString() ? null : next;
}

export function filtersFromState(s: ListState): VideoListFilters {
  return {
    q: s.q,
    status: s.status,
    source_root: s.source || undefined,
    assignee: s.assignee || undefined,
    unassigned_only: s.unassigned,
  };
}
