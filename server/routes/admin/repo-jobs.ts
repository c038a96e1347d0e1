// GET /api/v1/admin/repo/jobs: Job History, the ingest_jobs rows written by scans, re-ingests and purges.
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { listIngestJobs } from '../../repositories/ingest';

const jobsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  job_type: z.enum(['all', 'scan', 'reingest', 'purge']).default('all'),
  status: z.enum(['all', 'running', 'success', 'failed']).default('all'),
});

export const adminRepoJobRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/admin/repo/jobs', { config: { role: 'admin' }, schema: { querystring: jobsQuery } }, async (req) => {
    const { limit, job_type, status } = req.query;
    const rows = await listIngestJobs(db, { limit, jobType: job_type === 'all' ? undefined : job_type, status: status === 'all' ? undefined : status });
    return rows.map((j) => ({
      id: j.id, job_type: j.jobType, status: j.status, started_at: j.startedAt.toISOString(), finished_at: j.finishedAt?.toISOString() ?? null,
      initiated_by: j.initiatedBy, summary: j.summary, errors: j.errors,
    }));
  });
};
