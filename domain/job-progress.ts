// The long-job progress model as the browser and the server both see it: the kinds of job, the wire
// shape of one job in the activity list, and how a progress and an ETA are said to a person.
import { JOB_KINDS, JOB_STATES } from './job-kinds';
import { atLeast } from './roles';
import type { ActivityJob, ActivitySnapshot } from './contract/jobs';

export { JOB_KINDS };
export type { ActivityJob, ActivitySnapshot };
export type JobKind = (typeof JOB_KINDS)[number];
export type JobState = (typeof JOB_STATES)[number];

export const JOB_KIND_LABEL: Record<JobKind, string> = {
  processing: 'Processing',
  render: 'Render',
  import: 'Package import',
  scan: 'Scan',
  reingest: 'Re-ingest',
  purge: 'Purge',
  follow: 'Follow person',
};

/** Finished jobs stay in the activity list this long. */
export const ACTIVITY_FINISHED_TTL_MS = 10 * 60_000;

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
  return atLeast(who.role, 'admin') || (job.started_by !== null && job.started_by === who.id);
}
