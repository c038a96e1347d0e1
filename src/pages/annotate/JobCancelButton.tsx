// While a long job runs on this video (processing, or a render), the annotate header shows its progress
// and, to whoever may stop it, a Cancel button. It reads the app's shared activity poll; no poll of its own.
import { useState } from 'react';
import { cancelJob } from '../../api/jobs';
import { Button } from '../../components/ui/Button';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useSnackbar } from '../../components/dialogs/Alert';
import { refreshActivity, useActivity } from '../../components/shell/activity-store';
import { useSession } from '../../session';
import { isLiveJob, JOB_KIND_LABEL, type ActivityJob } from '../../../domain/job-progress';

/** One row per live job of the video: a render and a processing run can overlap, and each has its own Cancel. */
export function JobCancelButton({ videoId }: { videoId: number }) {
  const { user } = useSession();
  const activity = useActivity(user.signedIn ? user.id : null);
  const jobs = activity?.jobs.filter((j) => j.video_id === videoId && isLiveJob(j)) ?? [];
  if (!jobs.length) return null;
  return (
    <>
      {jobs.map((job) => (
        <LiveJob key={job.id} job={job} />
      ))}
    </>
  );
}

function LiveJob({ job }: { job: ActivityJob }) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      const r = await cancelJob(job.id);
      refreshActivity();
      snackbar.show(
        'info',
        r.state === 'cancelled'
          ? `${JOB_KIND_LABEL[job.kind]} cancelled`
          : `Cancelling ${JOB_KIND_LABEL[job.kind].toLowerCase()}…`,
      );
    } catch (e) {
      snackbar.show('error', e instanceof Error && e.message ? e.message : 'Failed to cancel');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="annotate.job" data-kind={job.kind} className="flex items-center gap-2 text-sm">
      <span className="text-slate-600">
        {JOB_KIND_LABEL[job.kind]}
        {job.state === 'queued' ? ' queued' : ''}
      </span>
      {/* a render's bar is already beside its button (RenderControls) */}
      {job.state === 'running' && job.kind !== 'render' && (
        <ProgressBar
          testId="annotate.jobProgress"
          progress={job.progress}
          etaS={job.eta_s}
          label={`${JOB_KIND_LABEL[job.kind]} progress`}
        />
      )}
      {job.can_cancel && (
        <Button data-testid="annotate.jobCancel" variant="danger" disabled={busy} onClick={() => void cancel()}>
          Cancel
        </Button>
      )}
    </div>
  );
}
