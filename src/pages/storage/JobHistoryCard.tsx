// Job History: scans, re-ingests and purges, newest first, filtered by type and status, 10–100 rows.
// A collapsed job shows its first 4 summary fields and how many errors it had; expanded it lists all
// of them. While a job runs the list is read again every second, so a long scan's progress moves.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_JOB_LIMIT,
  JOB_LIMITS,
  JOB_STATUSES,
  JOB_TYPES,
  listJobs,
  type JobDto,
  type JobStatusFilter,
  type JobTypeFilter,
} from '../../api/storage';
import { Alert } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { RefreshIcon } from '../../components/ui/icons';
import { Card } from './Card';

/** How often the list is read while a job runs. */
const POLL_MS = 1000;
const COLLAPSED_FIELDS = 4;

const control =
  'rounded border border-slate-300 bg-white px-2 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
const statusColour = {
  running: 'bg-sky-100 text-sky-800',
  success: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
} as const;
// The database keeps a summary's keys in its own order (jsonb sorts them by length), so the fields a
// reader looks for first are put first: where, then how far, then what changed.
const FIELD_ORDER = [
  'root',
  'source_root',
  'phase',
  'found',
  'probed',
  'to_probe',
  'attempted',
  'added',
  'updated',
  'removed',
  'restored',
  'unchanged',
  'db_deleted',
  'files_deleted',
  'files_missing',
];
const rank = (k: string) => {
  const i = FIELD_ORDER.indexOf(k);
  return i < 0 ? FIELD_ORDER.length : i;
};
export const summaryFields = (summary: Record<string, unknown> | null) =>
  Object.entries(summary ?? {}).sort(([a], [b]) => rank(a) - rank(b));
const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function ScanProgress({ summary }: { summary: Record<string, unknown> }) {
  const probed = Number(summary.probed),
    total = Number(summary.to_probe);
  if (!(total > 0) || !Number.isFinite(probed)) return null;
  const pct = Math.min(100, Math.round((probed / total) * 100));
  return (
    <div className="mt-1 flex items-center gap-2 text-xs text-slate-600">
      <div
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        data-testid="jobs.progress"
        className="h-1.5 w-40 overflow-hidden rounded bg-slate-200"
      >
        <div className="h-full bg-sky-600" style={{ width: `${pct}%` }} />
      </div>
      {probed} of {total} probed
    </div>
  );
}

export function JobRow({ job }: { job: JobDto }) {
  const [open, setOpen] = useState(false);
  const entries = summaryFields(job.summary);
  const errors = job.errors ?? [];
  const shown = open ? entries : entries.slice(0, COLLAPSED_FIELDS);
  return (
    <li data-testid="jobs.row" data-job-type={job.job_type} data-status={job.status} className="py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-expanded={open}
          data-testid="jobs.toggle"
          onClick={() => setOpen((o) => !o)}
          className="w-5 text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          aria-label={open ? 'Collapse job' : 'Expand job'}
        >
          {open ? '▾' : '▸'}
        </button>
        <span className="font-mono text-xs text-slate-500">#{job.id}</span>
        <span data-testid="jobs.type" className="font-medium">
          {job.job_type}
        </span>
        <span data-testid="jobs.status" className={`rounded px-1.5 py-0.5 text-xs ${statusColour[job.status]}`}>
          {job.status}
        </span>
        <span className="text-xs text-slate-500">
          started {when(job.started_at)}
          {job.finished_at ? ` • finished ${when(job.finished_at)}` : ''}
        </span>
        <span data-testid="jobs.initiatedBy" className="text-xs text-slate-500">
          by {job.initiated_by ?? 'system'}
        </span>
      </div>
      <div data-testid="jobs.summary" className="ml-7 mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-700">
        {shown.map(([k, v]) => (
          <span key={k} data-testid="jobs.summaryField">
            <span className="text-slate-500">{k}:</span> {show(v)}
          </span>
        ))}
      </div>
      {job.status === 'running' && (
        <div className="ml-7">
          <ScanProgress summary={job.summary ?? {}} />
        </div>
      )}
      {errors.length > 0 && !open && (
        <div data-testid="jobs.errorCount" className="ml-7 mt-1 text-xs text-red-700">
          {errors.length} error(s) occurred
        </div>
      )}
      {errors.length > 0 && open && (
        <ul data-testid="jobs.errors" className="ml-7 mt-1 list-disc pl-4 text-xs text-red-700">
          {errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function JobHistoryCard({
  refreshKey,
  follow,
  onFinished,
}: {
  refreshKey: number;
  /** Keep reading the list although no running job is listed yet (a job is about to start). */
  follow: boolean;
  /** Called with the jobs seen running that have now finished (their counts changed the sources). */
  onFinished(jobs: JobDto[]): void;
}) {
  const [jobType, setJobType] = useState<JobTypeFilter>('all');
  const [status, setStatus] = useState<JobStatusFilter>('all');
  const [limit, setLimit] = useState<number>(DEFAULT_JOB_LIMIT);
  const [jobs, setJobs] = useState<JobDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  const load = useCallback(
    async (signal: { live: boolean }) => {
      try {
        const rows = await listJobs({ limit, job_type: jobType, status });
        if (signal.live) {
          setJobs(rows);
          setError(null);
        }
      } catch (e) {
        if (signal.live) setError((e as Error).message || 'Failed to load job history');
      }
    },
    [limit, jobType, status],
  );

  useEffect(() => {
    const signal = { live: true };
    void load(signal);
    return () => {
      signal.live = false;
    };
  }, [load, refreshKey, tick]);

  const running = !!jobs?.some((j) => j.status === 'running');
  const seenRunning = useRef(new Set<number>());
  useEffect(() => {
    if (!jobs) return;
    const done = jobs.filter((j) => j.status !== 'running' && seenRunning.current.has(j.id));
    for (const j of done) seenRunning.current.delete(j.id);
    for (const j of jobs) if (j.status === 'running') seenRunning.current.add(j.id);
    if (done.length) onFinished(done);
  }, [jobs, onFinished]);
  useEffect(() => {
    if (!running && !follow) return;
    const t = setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => clearTimeout(t);
  }, [running, follow, jobs]);

  return (
    <Card
      title="Job History"
      testId="repo.jobsCard"
      actions={
        <>
          <label className="text-xs text-slate-500">
            Type{' '}
            <select
              data-testid="jobs.typeFilter"
              className={control}
              value={jobType}
              onChange={(e) => setJobType(e.target.value as JobTypeFilter)}
            >
              {JOB_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <label className="text-xs text-slate-500">
            Status{' '}
            <select
              data-testid="jobs.statusFilter"
              className={control}
              value={status}
              onChange={(e) => setStatus(e.target.value as JobStatusFilter)}
            >
              {JOB_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label className="text-xs text-slate-500">
            Limit{' '}
            <select
              data-testid="jobs.limit"
              className={control}
              value={limit}
              onChange={(e) => setLimit(Number(e.target.value))}
            >
              {JOB_LIMITS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <Button aria-label="Refresh job history" data-testid="jobs.refresh" onClick={() => setTick((n) => n + 1)}>
            <RefreshIcon />
          </Button>
        </>
      }
    >
      {error && (
        <Alert severity="error" testId="jobs.error">
          {error}
        </Alert>
      )}
      {jobs && jobs.length === 0 && <p className="text-sm text-slate-500">No jobs recorded.</p>}
      <ul data-testid="jobs.list" className="divide-y divide-slate-200">
        {jobs?.map((j) => (
          <JobRow key={j.id} job={j} />
        ))}
      </ul>
    </Card>
  );
}
