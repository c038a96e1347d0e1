// GET /api/v1/admin/repo/jobs: Job History, the ingest_jobs rows written by scans, re-ingests and purges.
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { listIngestJobs } from '../../repositories/ingest';
import { json } from '../../http/contract';
import { ingestJob, ingestJobsQuery as jobsQuery, type IngestJob } from '../../../domain/contract/storage';

export const adminStorageJobRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get(
    '/admin/repo/jobs',
    { config: { role: 'admin' }, schema: { querystring: jobsQuery, response: json(z.array(ingestJob)) } },
    async (req) => {
      const { limit, job_type, status } = req.query;
      const rows = await listIngestJobs(db, {
        limit,
        jobType: job_type === 'all' ? undefined : job_type,
        status: status === 'all' ? undefined : status,
      });
      return rows.map((j): IngestJob => ({
        id: j.id,
        job_type: j.jobType as IngestJob['job_type'],
        status: j.status as IngestJob['status'],
        started_at: j.startedAt.toISOString(),
        finished_at: j.finishedAt?.toISOString() ?? null,
        initiated_by: j.initiatedBy,
        summary: j.summary as IngestJob['summary'],
        errors: j.errors as string[],
      }));
    },
  );
};
