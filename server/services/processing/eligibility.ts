// Which videos may be (re)processed (the shared offers of domain/status-rules), used by the routes and
// the job, and a look at the queue for jobs already waiting or running for a video.
import type { Database } from '../../db/connect';
import { QUEUES } from '../../queue';
import type { VideoStatus } from '../../../domain/constants';
import { canReprocess as offersReprocess, canStartProcessing } from '../../../domain/status-rules';

export interface ProcessableVideo { processingStatus: string; aiProcessedAt: Date | null }

/** Start processing: pending, or reviewed without ai_processed_at. */
export const canProcess = (v: ProcessableVideo) => canStartProcessing(facts(v));

/** Reprocess: completed, labelled, failed, or reviewed with ai_processed_at. */
export const canReprocess = (v: ProcessableVideo) => offersReprocess(facts(v));

const facts = (v: ProcessableVideo) => ({ processing_status: v.processingStatus as VideoStatus, ai_processed_at: v.aiProcessedAt });

export interface ProcessJobData {
  videoId: number;
  /** The status before processing was requested: restored as previous_status when processing fails. */
  fromStatus: string;
  requestedBy: string | null;
}

/** Video ids (of `ids`, or all when omitted) that have a processing job waiting or running. */
export async function videosWithLiveJobs(database: Database, ids?: number[]): Promise<Set<number>> {
  const { rows } = await database.sql.query<{ video_id: number }>(
    `select distinct (data->>'videoId')::int as video_id from pgboss.job
      where name = $1 and state in ('created', 'retry', 'active')`, [QUEUES.process],
  ).catch(() => ({ rows: [] as Array<{ video_id: number }> })); // no pg-boss schema yet: nothing queued
  const all = new Set(rows.map((r) => Number(r.video_id)));
  return ids ? new Set(ids.filter((i) => all.has(i))) : all;
}
