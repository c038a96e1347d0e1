// Job History of the Repository Manager: the ingest_jobs rows of scans, re-ingests and purges, as the
// viewer's role may see them (a job over a source limited to a role above theirs is left out with its
// errors, which name that source's files).
import type { Db } from '../../db/connect';
import { listIngestJobs } from '../../repositories/ingest';
import { hiddenSourceRoles } from '../source-visibility';
import type { Identity } from '../../../domain/types';
import type { IngestJob } from '../../../domain/contract/storage';

export async function visibleIngestJobs(
  db: Db,
  viewer: Identity,
  f: { limit: number; jobType?: string; status?: string },
): Promise<IngestJob[]> {
  const rows = await listIngestJobs(db, { ...f, hiddenRoles: hiddenSourceRoles(viewer) });
  return rows.map((j) => ({
    id: j.id,
    job_type: j.jobType as IngestJob['job_type'],
    status: j.status as IngestJob['status'],
    started_at: j.startedAt.toISOString(),
    finished_at: j.finishedAt?.toISOString() ?? null,
    initiated_by: j.initiatedBy,
    summary: j.summary as IngestJob['summary'],
    errors: j.errors as string[],
  }));
}
