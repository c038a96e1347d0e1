// Review Queue: completed videos not yet reviewed, highest priority first (the server ranks them by the
// analysis evidence), with videos assigned to the viewer on top (those with open review issues first: that
// is work waiting for them). 'Has open issues' keeps only videos with issues to resolve. Admins may include
// videos assigned to others. With nothing to review, three sample rows show what the table looks like, labelled as an example.
import { useCallback, useEffect, useState } from 'react';
import { fetchReviewQueue, type ReviewItem, type ReviewQueueAnswer, type ReviewStatus } from '../../api/review';
import { Alert } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { RefreshIcon } from '../../components/ui/icons';
import { useSession } from '../../session';
import { REVIEW_LOW_CONFIDENCE } from '../../../domain/constants';
import { atLeast } from '../../../domain/roles';
import { ReviewTable, STATUS_LABELS } from './ReviewTable';
import { queueSearch, saveQueueOrder } from '../annotate/queue-context';

const PAGE = 100;
type Filter = ReviewStatus | 'all';
const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  ...(Object.keys(STATUS_LABELS) as ReviewStatus[]).map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

/** The evidence counts the example rows do not show. */
const NO_EVIDENCE = {
  detections: 0,
  low_confidence_detections: 0,
  tracks: 0,
  low_confidence_tracks: 0,
  max_people_in_frame: 0,
  segments: 0,
  unverified_segments: 0,
  verified_tracks: 0,
  opened_at: null,
  open_issues: 0,
} as const;
const EXAMPLE_ROWS: ReviewItem[] = [
  {
    id: -1,
    video: 'example_street_scene.mp4',
    duration: 95,
    priority: 'high',
    score: 0.62,
    confidence: 0.42,
    issues: ['4 low-confidence tracks', '9 unverified segments'],
    status: 'pending',
    opened_by: null,
    estimated_seconds: 285,
    assigned_to_id: null,
    assigned_to_name: null,
    assigned_to_me: false,
    ...NO_EVIDENCE,
  },
  {
    id: -2,
    video: 'example_playground.mp4',
    duration: 60,
    priority: 'medium',
    score: 0.38,
    confidence: 0.68,
    issues: ['2 track fragments (5 tracks for 3 people)'],
    status: 'in_progress',
    opened_by: 'reviewer',
    estimated_seconds: 180,
    assigned_to_id: null,
    assigned_to_name: null,
    assigned_to_me: false,
    ...NO_EVIDENCE,
  },
  {
    id: -3,
    video: 'example_hallway.mp4',
    duration: 30,
    priority: 'low',
    score: 0.12,
    confidence: 0.91,
    issues: [],
    status: 'completed',
    opened_by: null,
    estimated_seconds: 90,
    assigned_to_id: null,
    assigned_to_name: null,
    assigned_to_me: false,
    ...NO_EVIDENCE,
  },
];

export function ReviewQueuePage() {
  const { role } = useSession();
  const isAdmin = atLeast(role, 'admin');
  const [filter, setFilter] = useState<Filter>('all');
  const [showAll, setShowAll] = useState(false);
  const [issuesOnly, setIssuesOnly] = useState(false);
  const [data, setData] = useState<ReviewQueueAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const scope = isAdmin && showAll ? 'all' : 'mine';

  const load = useCallback(
    async (offset = 0) => {
      setLoading(true);
      setError(null);
      try {
        const page = await fetchReviewQueue({
          status: filter,
          scope,
          hasOpenIssues: issuesOnly,
          limit: PAGE,
          offset,
        });
        setData((prev) => (offset && prev ? { ...page, items: [...prev.items, ...page.items] } : page));
      } catch (e) {
        setError((e as Error).message);
      }
      setLoading(false);
    },
    [filter, scope, issuesOnly],
  );
  useEffect(() => {
    void load(0);
  }, [load]);
  // the order shown is the order Prev/Next walk on the Annotate screen
  useEffect(() => {
    if (data)
      saveQueueOrder(
        { status: filter, scope, issues: issuesOnly },
        data.items.map((i) => i.id),
      );
  }, [data, filter, scope, issuesOnly]);

  const threshold = data?.low_confidence_threshold ?? REVIEW_LOW_CONFIDENCE;
  return (
    <section data-testid="review.page" className="space-y-4 p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="flex-1 text-xl font-semibold">Review Queue</h2>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            data-testid="review.hasOpenIssues"
            checked={issuesOnly}
            onChange={(e) => setIssuesOnly(e.target.checked)}
          />
          Has open issues{data ? ` (${data.counts.with_open_issues})` : ''}
        </label>
        {isAdmin && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              data-testid="review.showAll"
              checked={showAll}
              onChange={(e) => setShowAll(e.target.checked)}
            />
            Show all assignees
          </label>
        )}
        <Button data-testid="review.refresh" disabled={loading} onClick={() => void load(0)}>
          <RefreshIcon /> Refresh
        </Button>
      </div>
      <div role="tablist" aria-label="Filter" className="flex gap-1">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="tab"
            aria-selected={filter === f.value}
            data-testid={`review.filter.${f.value}`}
            onClick={() => setFilter(f.value)}
            className={`rounded px-3 py-1.5 text-sm ${filter === f.value ? 'bg-indigo-600 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {f.label}
            {data ? ` (${data.counts[f.value]})` : ''}
          </button>
        ))}
      </div>
      {error && (
        <Alert severity="error" testId="review.error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        {!data ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : data.items.length ? (
          <>
            <ReviewTable
              items={data.items}
              threshold={threshold}
              openSearch={queueSearch({ status: filter, scope, issues: issuesOnly })}
            />
            <div className="mt-3 flex items-center gap-3 text-sm text-slate-600">
              <span data-testid="review.count">
                Showing {data.items.length} of {data.total}
              </span>
              {data.items.length < data.total && (
                <Button disabled={loading} onClick={() => void load(data.items.length)}>
                  Load more
                </Button>
              )}
              <span className="ml-auto text-xs">
                Est. Time:{' '}
                {data.estimate.basis === 'measured'
                  ? `measured median of ${data.estimate.samples} reviews, ${data.estimate.factor} × video duration`
                  : `${data.estimate.factor} × video duration until enough reviews are measured`}
              </span>
            </div>
          </>
        ) : (
          <>
            <p data-testid="review.empty" className="mb-3 text-sm text-slate-600">
              No videos to review here.
            </p>
            <div className="rounded border border-dashed border-slate-300 p-3 opacity-70">
              <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
                Example — sample rows, not from your library
              </p>
              <ReviewTable items={EXAMPLE_ROWS} threshold={threshold} example />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
