// The Review Queue as the Annotate screen's Prev/Next order. The queue opens a video with
// `?from=review-queue&status=…&scope=…` (its filter and scope) and keeps the order it showed in the tab's
// session, so Prev/Next (and Alt+Left/Right) walk the queue as the reviewer saw it, even past videos
// that have just left it (a video marked reviewed drops out of the live queue). Without the saved order
// (a new tab) the live queue with the same filters is read.
import type { ReviewStatus } from '../../api/review';
import type { Neighbors } from '../../api/annotate';
import { safeSessionStorage } from '../library/library-params';

export interface QueueContext {
  status: ReviewStatus | 'all';
  scope: 'mine' | 'all';
  /** The queue's 'Has open issues' filter. */
  issues?: boolean;
}

const STATUSES = ['all', 'pending', 'in_progress', 'completed'];
export const QUEUE_ORDER_KEY = 'vat.reviewQueue.order';

export function queueContextFrom(search: string): QueueContext | null {
  const p = new URLSearchParams(search);
  if (p.get('from') !== 'review-queue') return null;
  const status = p.get('status') ?? 'all';
  return {
    status: (STATUSES.includes(status) ? status : 'all') as QueueContext['status'],
    scope: p.get('scope') === 'all' ? 'all' : 'mine',
    ...(p.get('issues') === '1' ? { issues: true } : {}),
  };
}

/** The query that opens a video as part of the queue (kept on Prev/Next). */
export function queueSearch(ctx: QueueContext): string {
  const q = new URLSearchParams({ from: 'review-queue', status: ctx.status, scope: ctx.scope });
  if (ctx.issues) q.set('issues', '1');
  return `?${q}`;
}

/** Prev/Next of `id` in a list of ids (null at either end, or when the id is not in it). */
export function neighborsIn(ids: readonly number[], id: number): Neighbors | null {
  const i = ids.indexOf(id);
  if (i < 0) return null;
  return { prev_id: i > 0 ? ids[i - 1] : null, next_id: i < ids.length - 1 ? ids[i + 1] : null };
}

interface SavedOrder extends QueueContext {
  ids: number[];
}

export function saveQueueOrder(ctx: QueueContext, ids: number[], storage: Storage | null = safeSessionStorage()): void {
  try {
    storage?.setItem(QUEUE_ORDER_KEY, JSON.stringify({ ...ctx, ids }));
  } catch {
    /* the live queue is read instead */
  }
}

/** The saved order when it was saved for the same filter and scope. */
export function readQueueOrder(ctx: QueueContext, storage: Storage | null = safeSessionStorage()): number[] | null {
  try {
    const s = JSON.parse(storage?.getItem(QUEUE_ORDER_KEY) ?? 'null') as SavedOrder | null;
    if (!s || s.status !== ctx.status || s.scope !== ctx.scope || !!s.issues !== !!ctx.issues || !Array.isArray(s.ids))
      return null;
    return s.ids.filter((n) => Number.isInteger(n));
  } catch {
    return null;
  }
}
