// The long-job progress model as the browser and the server both see it: the kinds of job, the wire
// shape of one job in the activity list, and how a progress and an ETA are said to a person.

export const JOB_KINDS = ['processing', 'render', 'import', 'scan', 'reingest', 'purge', 'follow'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export const JOB_KIND_LABEL: Record<JobKind, string> = {
  processing: 'Processing', render: 'Render', import: 'Package import', scan: 'Scan', reingest: 'Re-ingest', purge: 'Purge', follow: 'Follow person',
};

/** Finished jobs stay in the activity list this long. */
export const ACTIVITY_FINISHED_TTL_MS = 10 * 60_000;

/** One job in GET /api/v1/jobs/activity. */
export interface ActivityJob {
  id: number;
  kind: JobKind;
  state: JobState;
  video_id: number | null;
  video_filename: string | null;
  source_root: string | null;
  progress: number;
  stage: string | null;
  eta_s: number | null;
  started_by: string | null;
  cancel_requested_by: string | null;
  queued_at: string;
  started_at: string | null;
  updated_at: string;
  finished_at: string | null;
  link: string | null;
  message: string | null;
  /** The caller may cancel it now (live, cancellable, and they started it or are an admin). */
  can_cancel: boolean;
}

export interface ActivitySnapshot { running: number; queued: number; jobs: ActivityJob[] }

export const isLiveJob = (j: Pick<ActivityJob, 'state'>) => j.state === 'queued' || j.state === 'running';

/** '~12 s left', '~1 min left', '~1 h 5 min left'. */
export function formatEta(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `~${s} s left`;
  const totalMin = Math.round(s / 60);
  if (totalMin < 60) return `~${totalMin} min left`;
  const h = Math.floor(totalMin / 60);
  const m = totalMin % 60;
  return m ? `~${h} h ${m} min left` : `~${h} h left`;
}

/** '42%' or '42% · ~1 min left' (whole percents, rounded down so 100% only shows when it is done). */
export function progressText(progress: number, etaS: number | null | undefined): string {
  const pct = `${Math.floor(Math.min(100, Math.max(0, progress)))}%`;
  return etaS != null && etaS > 0 ? `${pct} · ${formatEta(etaS)}` : pct;
}

/** Who may cancel a job: whoever started it, or an administrator. */
export function mayCancel(job: { started_by: string | null }, who: { id: string; role: string } | null): boolean {
  if (!who) return false;
  return who.role === 'admin' || who.role === 'super' || (job.started_by !== null && job.started_by === who.id);
}
