// Repository Manager (/admin/repository), administrators and super users only: source folders, root
// folders, re-ingest with the Activity Log, Job History and purge. The page owns the source list (every
// card shows it) and tells Job History when something may have started or recorded a job.
import { useCallback, useEffect, useState } from 'react';
import { listStorageSources, type JobDto, type SourceDto } from '../../api/storage';
import { Alert } from '../../components/dialogs/Alert';
import { ActivityLogProvider, useActivityLog } from './ActivityLog';
import { ConfirmDialog, type ConfirmRequest } from './ConfirmDialog';
import { IngestCard } from './IngestCard';
import { JobHistoryCard } from './JobHistoryCard';
import { PurgeCard } from './PurgeCard';
import { RootConfigCard } from './RootConfigCard';
import { SourcesCard } from './SourcesCard';
import { useAdminAccess } from './use-admin-access';

export const ACCESS_RESTRICTED = 'Access restricted: repository management is limited to administrators.';

/** A scan started by adding or enabling a source runs after the answer: Job History follows it this long. */
const FOLLOW_AFTER_CHANGE_MS = 3000;

function StorageManager() {
  return (
    <ActivityLogProvider>
      <StorageCards />
    </ActivityLogProvider>
  );
}

function StorageCards() {
  const [sources, setSources] = useState<SourceDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [jobsKey, setJobsKey] = useState(0);
  const [ingesting, setIngesting] = useState(false);
  const [following, setFollowing] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const reload = useCallback(() => {
    setLoading(true);
    listStorageSources()
      .then((s) => {
        setSources(s);
        setError(null);
      })
      .catch((e: Error) => setError(e.message || 'Failed to load sources'))
      .finally(() => setLoading(false));
  }, []);
  useEffect(reload, [reload]);

  const jobsChanged = useCallback(() => {
    setJobsKey((k) => k + 1);
    setFollowing(true);
  }, []);
  useEffect(() => {
    if (!following) return;
    const t = setTimeout(() => {
      setFollowing(false);
      reload();
    }, FOLLOW_AFTER_CHANGE_MS);
    return () => clearTimeout(t);
  }, [following, jobsKey, reload]);

  const afterWork = useCallback(() => {
    reload();
    setJobsKey((k) => k + 1);
  }, [reload]);
  const { appendLog } = useActivityLog();
  // A scan started by adding or enabling a source ends after its answer: say how it went once it has.
  // (Re-ingests and purges answer with their outcome, which their cards log.)
  const jobsFinished = useCallback(
    (jobs: JobDto[]) => {
      for (const j of jobs.filter((x) => x.job_type === 'scan')) {
        const counts = ['found', 'added', 'removed']
          .filter((k) => typeof j.summary?.[k] === 'number')
          .map((k) => `${k} ${j.summary![k]}`)
          .join(', ');
        const where = typeof j.summary?.root === 'string' ? ` of ${j.summary.root}` : '';
        appendLog(
          `${j.job_type} #${j.id}${where} ${j.status === 'success' ? 'finished' : 'failed'}${counts ? `: ${counts}` : ''}`,
          j.status === 'success' ? 'info' : 'error',
        );
        for (const e of j.errors ?? []) appendLog(`${j.job_type} #${j.id}: ${e}`, 'error');
      }
      reload();
    },
    [appendLog, reload],
  );

  return (
    <>
      <div className="space-y-4">
        <SourcesCard sources={sources} loading={loading} error={error} onReload={reload} onJobsChanged={jobsChanged} />
        <RootConfigCard />
        <IngestCard sources={sources} onBusy={setIngesting} onDone={afterWork} />
        <JobHistoryCard refreshKey={jobsKey} follow={ingesting || following} onFinished={jobsFinished} />
        <PurgeCard sources={sources} onConfirm={setConfirm} onDone={afterWork} />
      </div>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}

export function StoragePage() {
  const access = useAdminAccess();
  return (
    <section className="mx-auto max-w-6xl p-6" data-testid="repo.page">
      <h2 className="mb-4 text-xl font-semibold">Repository Manager</h2>
      {access === 'checking' && <p className="text-sm text-slate-500">Checking your role…</p>}
      {access === 'restricted' && (
        <Alert severity="warning" testId="repo.restricted">
          {ACCESS_RESTRICTED}
        </Alert>
      )}
      {access === 'allowed' && <StorageManager />}
    </section>
  );
}
