// The Metrics screen's review quality block: per annotator (the videos' assignee), the review issues raised
// on their reviewed videos per minute of video, the share resolved and the median time to resolve; per
// reviewer, the issues they raised and how many are still open.
import type { MetricsDetails } from '../../api/metrics';
import { card } from './MetricBlocks';

function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const min = Math.round(seconds / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return h < 48 ? `${h} h ${min % 60} min` : `${Math.round(h / 24)} days`;
}
const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);

export function ReviewQuality({ details }: { details: MetricsDetails }) {
  const q = details.review_quality;
  return (
    <div data-testid="metrics.quality" className={`${card} lg:col-span-2`}>
      <h3 className="mb-2 font-semibold text-slate-800">Review Issues</h3>
      {q.annotators.length ? (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-500">
              <th>Annotator</th>
              <th title="reviewed or labelled, or with an issue">Reviewed videos</th>
              <th>Issues</th>
              <th>Issues per minute of video</th>
              <th>Resolved</th>
              <th>Median time to resolve</th>
            </tr>
          </thead>
          <tbody>
            {q.annotators.map((a) => (
              <tr key={a.user_id} data-testid="metrics.annotatorQuality" data-user={a.user_id}>
                <td className="pr-2">{a.name || a.user_id}</td>
                <td>
                  {a.videos} ({a.video_minutes} min)
                </td>
                <td>{a.issues}</td>
                <td data-testid="metrics.issuesPerMinute">{a.issues_per_minute ?? '—'}</td>
                <td data-testid="metrics.resolvedShare">{pct(a.resolved_share)}</td>
                <td data-testid="metrics.medianResolve">{formatDuration(a.median_resolve_seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-500">No assigned video has been reviewed or has an issue yet.</p>
      )}
      <h4 className="mt-3 text-sm font-medium text-slate-700">Issues raised per reviewer</h4>
      {q.reviewers.length ? (
        <ul className="text-sm">
          {q.reviewers.map((r) => (
            <li key={r.user_id} data-testid="metrics.issueRaiser" data-user={r.user_id}>
              {r.name || r.user_id}: {r.raised} raised on {r.videos} video{r.videos === 1 ? '' : 's'}, {r.open} still
              open
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No review issues raised yet.</p>
      )}
    </div>
  );
}
