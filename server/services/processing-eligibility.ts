// Which videos may be (re)processed (the shared offers of domain/status-rules), used by the routes and
// the job, and a look at the queue for jobs already waiting or running for a video.
import { QUEUES, type JobQueue } from '../queue';
import type { VideoStatus } from '../../domain/constants';
import { canReprocess as offersReprocess, canStartProcessing } from '../../domain/status-rules';

export interface ProcessableVideo {
  processingStatus: string;
  aiProcessedAt: Date | null;
}

/** Start processing: pending, or reviewed without ai_processed_at. */
export const canProcess = (v: ProcessableVideo) => canStartProcessing(facts(v));

/** Reprocess: completed, labelled, failed, or reviewed with ai_processed_at. */
export const canReprocess = (v: ProcessableVideo) => offersReprocess(facts(v));

const facts = (v: ProcessableVideo) => ({
  processing_status: v.processingStatus as VideoStatus,
  ai_processed_at: v.aiProcessedAt,
});

export interface ProcessJobData {
  videoId: number;
  /** The status before processing was requested: restored as previous_status when processing fails. */
  fromStatus: string;
  requestedBy: string | null;
  /** The job_progress row of this run (absent on jobs queued before progress was tracked: the worker makes one). */
  progressId?: number;
}

/** What a processing run keeps on its progress row so a cancel can restore the video. */
export interface ProcessingRestore {
  from_status: string;
  from_previous_status: string | null;
}

/** Video ids (of `ids`, or all when omitted) that have a processing job waiting or running. */
export async function videosWithLiveJobs(queue: JobQueue, ids?: number[]): Promise<Set<number>> {
  const all = new Set((await queue.liveJobs<ProcessJobData>(QUEUES.process)).map((j) => Number(j.data.videoId)));
  return ids ? new Set(ids.filter((i) => all.has(i))) : all;
}
