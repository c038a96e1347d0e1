// Top-bar activity indicator (signed-in users): how many long jobs run and wait, and a panel listing each
// job — kind, video or source, progress with ETA, who started it, Cancel where allowed — with finished
// jobs kept for ten minutes and linked to their video or result. Fed by the app's one activity poll.
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cancelJob } from '../../api/jobs';
import { useSession } from '../../session';
import { useSnackbar } from '../dialogs/Alert';
import { ProgressBar } from '../ui/ProgressBar';
import { refreshActivity, useActivity } from './activity-store';
import { isLiveJob, JOB_KIND_LABEL, type ActivityJob } from '../../../domain/job-progress';

const ActivityIcon = () => (
  <svg
    width={20}
    height={20}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
  >
    <path d="M3 12h4l3-8 4 16 3-8h4" />
  </svg>
);

const STATE_TEXT: Record<ActivityJob['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const STATE_COLOUR: Record<ActivityJob['state'], string> = {
  queued: 'text-slate-600',
  running: 'text-sky-700',
  done: 'text-green-700',
  failed: 'text-red-700',
  cancelled: 'text-amber-700',
};

const subjectOf = (j: ActivityJob) =>
  j.video_filename ?? (j.video_id !== null ? `Video ${j.video_id}` : (j.source_root ?? ''));
const timeOf = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString() : '');

function JobRow({ job, onNavigate }: { job: ActivityJob; onNavigate: () => void }) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelJob(job.id);
      refreshActivity();
    } catch (e) {
      snackbar.show('error', e instanceof Error && e.message ? e.message : 'Failed to cancel');
    } finally {
      setBusy(false);
    }
  };
  const live = isLiveJob(job);
  return (
    <li data-testid="activity.job" data-job-id={job.id} data-job-state={job.state} className="space-y-1 px-3 py-2">
      <div className="flex items-baseline gap-2">
        <span className="font-medium text-slate-900">{JOB_KIND_LABEL[job.kind] ?? job.kind}</span>
        <span className="min-w-0 flex-1 truncate text-slate-600" title={subjectOf(job)}>
          {subjectOf(job)}
        </span>
        <span data-testid="activity.jobState" className={`text-xs font-medium ${STATE_COLOUR[job.state]}`}>
          {job.cancel_requested_by && live ? 'Cancelling…' : STATE_TEXT[job.state]}
        </span>
      </div>
      {job.state === 'running' && (
        <ProgressBar
          testId="activity.progress"
          progress={job.progress}
          etaS={job.eta_s}
          label={`${JOB_KIND_LABEL[job.kind]} ${subjectOf(job)}`}
        />
      )}
      {job.stage && job.state === 'running' && <div className="text-xs text-slate-500">{job.stage}</div>}
      {!live && job.message && (
        <div className="truncate text-xs text-slate-500" title={job.message}>
          {job.message}
        </div>
      )}
      <div className="flex items-center gap-2 text-xs text-slate-500">
        <span>
          By {job.started_by || 'system'}
          {job.finished_at ? ` · ended ${timeOf(job.finished_at)}` : ` · ${timeOf(job.started_at ?? job.queued_at)}`}
        </span>
        <span className="flex-1" />
        {job.link && !live && (
          <Link
            to={job.link}
            onClick={onNavigate}
            data-testid="activity.open"
            className="font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {job.video_id !== null ? 'Open video' : 'Open'}
          </Link>
        )}
        {job.can_cancel && (
          <button
            type="button"
            data-testid="activity.cancel"
            disabled={busy}
            onClick={() => void cancel()}
            className="rounded px-2 py-0.5 font-medium text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 disabled:text-slate-400"
          >
            Cancel
          </button>
        )}
      </div>
    </li>
  );
}

export function ActivityIndicator() {
  const { user } = useSession();
  const activity = useActivity(user.signedIn ? user.id : null);
  if (!user.signedIn) return null;
  const running = activity?.running ?? 0;
  const queued = activity?.queued ?? 0;
  const summary = `${running} running, ${queued} queued`;
  return (
    <Popover className="relative">
      <PopoverButton
        data-testid="shell.activity"
        aria-label={`Activity: ${summary}`}
        title={`Activity: ${summary}`}
        className="flex items-center gap-1 rounded-full px-2 py-1.5 text-sm hover:bg-white/15 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        <ActivityIcon />
        <span
          data-testid="shell.activityCount"
          className={`min-w-5 rounded-full px-1.5 text-xs font-semibold tabular-nums ${running + queued ? 'bg-amber-400 text-slate-900' : 'bg-white/20'}`}
        >
          {running + queued}
        </span>
        <span className="hidden text-xs sm:inline">
          {running} running · {queued} queued
        </span>
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        data-testid="activity.panel"
        className="z-50 mt-2 w-96 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white text-sm text-slate-800 shadow-xl focus:outline-none"
      >
        {({ close }) => (
          <>
            <div className="border-b border-slate-200 px-3 py-2 font-semibold">Activity · {summary}</div>
            {activity?.jobs.length ? (
              <ul className="max-h-[70vh] divide-y divide-slate-100 overflow-y-auto">
                {activity.jobs.map((j) => (
                  <JobRow key={j.id} job={j} onNavigate={() => close()} />
                ))}
              </ul>
            ) : (
              <div data-testid="activity.empty" className="px-3 py-6 text-center text-slate-500">
                No jobs in the last 10 minutes
              </div>
            )}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
