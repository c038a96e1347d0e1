// The queue's table: Video, Priority, Confidence, Issues, Status, Est. Time and Actions (Open).
import { Link } from 'react-router-dom';
import type { Priority, ReviewItem, ReviewStatus } from '../../api/review';
import { buttonClass } from '../../components/ui/Button';
import { OpenIssuesChip } from '../../annotate/review/OpenIssuesChip';

const PRIORITY_COLOURS: Record<Priority, string> = {
  high: 'bg-red-600 text-white',
  medium: 'bg-amber-500 text-white',
  low: 'bg-green-600 text-white',
};
export const STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
};

export function formatEstimate(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const min = Math.round(seconds / 60);
  return min < 60 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`;
}

export function PriorityChip({ priority }: { priority: Priority }) {
  return (
    <span
      data-testid="review.priority"
      data-priority={priority}
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${PRIORITY_COLOURS[priority]}`}
    >
      {priority}
    </span>
  );
}

export function ConfidenceCell({ confidence, threshold }: { confidence: number | null; threshold: number }) {
  if (confidence === null) return <span className="text-slate-400">—</span>;
  return (
    <span data-testid="review.confidence" className="inline-flex items-center gap-1">
      {confidence.toFixed(2)}
      {confidence < threshold && (
        <span
          data-testid="review.lowConfidence"
          role="img"
          aria-label={`Below ${threshold}`}
          title={`Below ${threshold}`}
          className="text-amber-600"
        >
          ⚠
        </span>
      )}
    </span>
  );
}

/** `openSearch`: the query an opened video gets (the queue's filters, so Prev/Next follow the queue). */
export function ReviewTable({
  items,
  threshold,
  example = false,
  openSearch = '',
}: {
  items: ReviewItem[];
  threshold: number;
  example?: boolean;
  openSearch?: string;
}) {
  return (
    <table data-testid={example ? 'review.exampleTable' : 'review.table'} className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600">
          {['Video', 'Priority', 'Confidence', 'Issues', 'Status', 'Est. Time', 'Actions'].map((h) => (
            <th key={h} className="px-3 py-2">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr
            key={i.id}
            data-testid={example ? 'review.exampleRow' : 'review.row'}
            data-video-id={i.id}
            className="border-b border-slate-100"
          >
            <td className="px-3 py-2">
              <div className="font-medium">{i.video}</div>
              {i.assigned_to_id && (
                <div className="text-xs text-slate-500">
                  {i.assigned_to_me ? 'Assigned to you' : `Assigned to ${i.assigned_to_name || i.assigned_to_id}`}
                </div>
              )}
            </td>
            <td className="px-3 py-2">
              <PriorityChip priority={i.priority} />
            </td>
            <td className="px-3 py-2">
              <ConfidenceCell confidence={i.confidence} threshold={threshold} />
            </td>
            <td className="px-3 py-2" data-testid="review.issues">
              {i.open_issues > 0 && <OpenIssuesChip count={i.open_issues} testId="review.openIssues" />}
              {i.issues.length
                ? i.issues.join(', ')
                : !i.open_issues && <span className="text-slate-400">none found</span>}
            </td>
            <td className="px-3 py-2" data-testid="review.status">
              {STATUS_LABELS[i.status]}
              {i.opened_by && <span className="text-xs text-slate-500"> ({i.opened_by})</span>}
            </td>
            <td className="px-3 py-2" data-testid="review.estimate">
              {formatEstimate(i.estimated_seconds)}
            </td>
            <td className="px-3 py-2">
              {example ? (
                <span className="text-slate-400">Open</span>
              ) : (
                <Link
                  to={`/videos/${i.id}/annotate${openSearch}`}
                  data-testid="review.open"
                  className={buttonClass('primary')}
                >
                  Open
                </Link>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
