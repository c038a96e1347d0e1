// GET /api/v1/admin/repo/jobs: Job History, the ingest_jobs rows written by scans, re-ingests and purges.
import { z } from 'zod';
import { caller } from '../../http/identity';
import type { RoutePlugin } from '../../http/types';
import { visibleIngestJobs } from '../../services/storage/ingest-jobs';
import { json } from '../../http/contract';
import { ingestJob, ingestJobsQuery as jobsQuery } from '../../../domain/contract/storage';

export const adminStorageJobRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get(
    '/admin/repo/jobs',
    { config: { role: 'admin' }, schema: { querystring: jobsQuery, response: json(z.array(ingestJob)) } },
    async (req) => {
      const { limit, job_type, status } = req.query;
      return visibleIngestJobs(db, caller(req), {
        limit,
        jobType: job_type === 'all' ? undefined : job_type,
        status: status === 'all' ? undefined : status,
      });
    },
  );
};
