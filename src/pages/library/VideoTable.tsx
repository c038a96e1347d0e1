// Library table: ID, Filename, Path, Assignee, Duration, Resolution, Status, Actions, with
// client-side pagination (5/10/25/50/100) over the loaded rows. The table is as wide as the page: the
// Path column takes what the others leave (truncated, full text in its tooltip) and long filenames are
// cut short, so Status and Actions stay on screen at 1280 px with the side menu open.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROWS_PER_PAGE_OPTIONS } from '../../../domain/constants';
import type { Video } from '../../../domain/types';
import { EditIcon, PlayIcon } from '../../components/ui/icons';
import { Tooltip } from '../../components/ui/Tooltip';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { RowMenu } from './RowMenu';
import { StatusChip } from './StatusChip';
import { OpenIssuesChip } from '../../annotate/review/OpenIssuesChip';
import { canAnnotate } from './status-rules';
import type { useRowActions } from './use-row-actions';

/** Re-renders every second while any visible row is processing, for 'Updated Ns ago'. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function StatusCell({ v, now }: { v: Video; now: number }) {
  const updated = v.status_updated_at ? Math.max(0, Math.round((now - Date.parse(v.status_updated_at)) / 1000)) : null;
  return (
    <div>
      <StatusChip status={v.processing_status} testId="library.status" />
      {v.open_issues > 0 && (
        <div className="mt-1">
          <OpenIssuesChip count={v.open_issues} testId="library.openIssues" />
        </div>
      )}
      {(v.processing_status === 'processing' || v.processing_status === 'pending') && v.progress != null && (
        <ProgressBar
          testId="library.progress"
          progress={v.progress}
          etaS={v.eta_s}
          label={`Processing ${v.filename}`}
        />
      )}
      {v.processing_status === 'processing' && updated !== null && (
        <div className="text-xs text-slate-500">Updated {updated}s ago</div>
      )}
      {v.last_status_changed_at && (
        <div data-testid="library.statusBy" className="text-xs text-slate-500">
          By {v.last_status_by_id || 'guest'} @ {new Date(v.last_status_changed_at).toLocaleString()}
        </div>
      )}
    </div>
  );
}

export interface VideoTableProps {
  videos: Video[];
  loading: boolean;
  page: number;
  rows: number;
  focusId: number | null;
  actions: ReturnType<typeof useRowActions>;
  onPage: (page: number) => void;
  onRows: (rows: number) => void;
  /** Administrators get a checkbox column to pick rows for assignment. */
  selection?: { selected: ReadonlySet<number>; toggle(ids: number[], on: boolean): void };
}

export function VideoTable({
  videos,
  loading,
  page,
  rows,
  focusId,
  actions,
  onPage,
  onRows,
  selection,
}: VideoTableProps) {
  const navigate = useNavigate();
  const pageCount = Math.max(1, Math.ceil(videos.length / rows));
  const safePage = Math.min(page, pageCount - 1);
  const visible = videos.slice(safePage * rows, safePage * rows + rows);
  const now = useNow(visible.some((v) => v.processing_status === 'processing'));
  const from = videos.length ? safePage * rows + 1 : 0;
  const to = Math.min(videos.length, safePage * rows + rows);
  const th = 'px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="overflow-x-auto">
        <table className="w-full divide-y divide-slate-200 text-sm" data-testid="library.table">
          <thead className="bg-slate-50">
            <tr>
              {selection && (
                <th className={th}>
                  <input
                    type="checkbox"
                    aria-label="Select page"
                    data-testid="library.selectPage"
                    checked={visible.length > 0 && visible.every((v) => selection.selected.has(v.id))}
                    onChange={(e) =>
                      selection.toggle(
                        visible.map((v) => v.id),
                        e.target.checked,
                      )
                    }
                  />
                </th>
              )}
              <th className={th}>ID</th>
              <th className={th}>Filename</th>
              <th className={`${th} w-full min-w-24`}>Path</th>
              <th className={th}>Assignee</th>
              <th className={th}>Duration (s)</th>
              <th className={th}>Resolution</th>
              <th className={th}>Status</th>
              <th className={th}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {visible.map((v) => (
              <tr
                key={v.id}
                id={`video-row-${v.id}`}
                data-testid="library.row"
                data-video-id={v.id}
                className={v.id === focusId ? 'bg-amber-50 outline outline-2 outline-amber-400' : 'hover:bg-slate-50'}
              >
                {selection && (
                  <td className="px-2 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${v.filename}`}
                      data-testid="library.select"
                      checked={selection.selected.has(v.id)}
                      onChange={(e) => selection.toggle([v.id], e.target.checked)}
                    />
                  </td>
                )}
                <td className="px-2 py-2 tabular-nums">{v.id}</td>
                <td className="px-2 py-2 font-medium text-slate-900">
                  <div data-testid="library.filename" title={v.filename} className="max-w-[16rem] truncate">
                    {v.filename}
                  </div>
                </td>
                <td className="max-w-0 px-2 py-2 text-slate-600">
                  <Tooltip
                    className="max-w-full"
                    text={`${v.path}\nLast updated by: ${v.last_status_by_id || 'guest'}`}
                  >
                    <span
                      tabIndex={0}
                      className="block min-w-0 truncate focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                    >
                      {v.path}
                    </span>
                  </Tooltip>
                </td>
                <td className="px-2 py-2">{v.assigned_to_name || v.assigned_to_id || '—'}</td>
                <td className="px-2 py-2 tabular-nums">{v.duration.toFixed(1)}</td>
                <td className="px-2 py-2 tabular-nums">
                  {v.width}x{v.height}
                </td>
                <td className="px-2 py-2">
                  <StatusCell v={v} now={now} />
                </td>
                <td className="px-2 py-2">
                  <div className="flex items-center gap-1">
                    <button
                      type="button"
                      data-testid="library.play"
                      aria-label={`Play ${v.filename}`}
                      title="Play"
                      onClick={() => actions.setDialog({ kind: 'preview', video: v })}
                      className="rounded p-1.5 text-indigo-700 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                    >
                      <PlayIcon />
                    </button>
                    <button
                      type="button"
                      data-testid="library.annotate"
                      aria-label={`Annotate ${v.filename}`}
                      title="Annotate"
                      disabled={!canAnnotate(v)}
                      onClick={() => navigate(`/videos/${v.id}/annotate`)}
                      className="rounded p-1.5 text-indigo-700 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:text-slate-300"
                    >
                      <EditIcon />
                    </button>
                    <RowMenu video={v} actions={actions} />
                  </div>
                </td>
              </tr>
            ))}
            {!visible.length && (
              <tr>
                <td
                  colSpan={selection ? 9 : 8}
                  className="px-3 py-8 text-center text-slate-500"
                  data-testid="library.empty"
                >
                  {loading ? 'Loading videos…' : 'No videos'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-4 border-t border-slate-200 px-3 py-2 text-sm text-slate-700">
        <label className="flex items-center gap-2">
          Rows per page:
          <select
            data-testid="library.rowsPerPage"
            value={rows}
            onChange={(e) => onRows(Number(e.target.value))}
            className="rounded border border-slate-300 bg-white px-1 py-0.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {ROWS_PER_PAGE_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span data-testid="library.pageInfo">
          {from}–{to} of {videos.length}
          {loading ? '+' : ''}
        </span>
        <button
          type="button"
          data-testid="library.prevPage"
          aria-label="Previous page"
          disabled={safePage === 0}
          onClick={() => onPage(safePage - 1)}
          className="rounded px-2 py-1 hover:bg-slate-100 disabled:text-slate-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          ‹
        </button>
        <button
          type="button"
          data-testid="library.nextPage"
          aria-label="Next page"
          disabled={safePage >= pageCount - 1}
          onClick={() => onPage(safePage + 1)}
          className="rounded px-2 py-1 hover:bg-slate-100 disabled:text-slate-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          ›
        </button>
      </div>
    </div>
  );
}
