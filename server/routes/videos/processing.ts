// POST /videos/{id}/process, /videos/{id}/reprocess and /videos/batch_process (spec part 1 §7.2, §4):
// the video goes to 'pending' at once and a processing job is queued; wrong states answer 409.
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { videos } from '../../db/schema';
import { Conflict, Unavailable } from '../../domain-errors';
import { caller } from '../../http/identity';
import { videoIdParams } from '../../http/params';
import type { AppDeps, RoutePlugin } from '../../http/types';
import { QUEUES, type JobQueue } from '../../queue';
import { changeStatus } from '../../services/status';
import { requireLiveVideo } from '../../services/videos';
import { canProcess, canReprocess, videosWithLiveJobs, type ProcessJobData } from '../../services/processing/eligibility';
import { BATCH_PROCESS_FRACTIONS, BATCH_PROCESS_FRACTION_VALUE } from '../../../domain/constants';

const batchQuery = z.object({
  fraction: z.enum(BATCH_PROCESS_FRACTIONS, { message: `fraction must be one of ${BATCH_PROCESS_FRACTIONS.join(', ')}` }).default('all'),
  source_root: z.string().min(1).max(4096).optional(),
});

function queueOf(deps: AppDeps): JobQueue {
  if (!deps.queue) throw new Unavailable('Processing is unavailable: no job queue is running on this server');
  return deps.queue;
}

export const videoProcessingRoutes: RoutePlugin = (app, deps) => {
  const { db } = deps.database;

  /** Moves the video to pending (unless it already is) and queues its job. */
  async function start(videoId: number, kind: 'process' | 'reprocess', by: string) {
    const queue = queueOf(deps);
    const v = await requireLiveVideo(db, videoId);
    const allowed = kind === 'process' ? canProcess(v) : canReprocess(v);
    if (!allowed) {
      throw new Conflict(kind === 'process'
        ? `Video ${videoId} is ${v.processingStatus}${v.aiProcessedAt ? ' and already processed' : ''}: processing starts from pending, or reviewed without AI results; use reprocess`
        : `Video ${videoId} is ${v.processingStatus}${v.processingStatus === 'reviewed' ? ' without AI results' : ''}: reprocess is offered for completed, labelled, failed, or reviewed videos with AI results`);
    }
    if ((await videosWithLiveJobs(deps.database, [videoId])).size) throw new Conflict(`Video ${videoId} is already queued for processing`);
    const fromStatus = v.processingStatus;
    if (fromStatus !== 'pending') {
      const moved = await changeStatus(db, { videoId, to: 'pending', by, from: [v.processingStatus as never], remark: kind === 'process' ? 'processing requested' : 'reprocessing requested' });
      if (!moved) throw new Conflict(`Video ${videoId} changed status meanwhile; reload and try again`);
    }
    await queue.send(QUEUES.process, { videoId, fromStatus, requestedBy: by } satisfies ProcessJobData);
    const [now] = await db.select({ status: videos.processingStatus, previous: videos.previousStatus }).from(videos).where(eq(videos.id, videoId));
    return { id: videoId, status: now.status, previous_status: now.previous, queued: true };
  }

  app.post('/videos/:id/process', { config: { role: 'user' }, schema: { params: videoIdParams } }, async (req, reply) => {
    const who = caller(req);
    return reply.code(202).send(await start(req.params.id, 'process', who.id));
  });

  app.post('/videos/:id/reprocess', { config: { role: 'user' }, schema: { params: videoIdParams } }, async (req, reply) => {
    const who = caller(req);
    return reply.code(202).send(await start(req.params.id, 'reprocess', who.id));
  });

  app.post('/videos/batch_process', { config: { role: 'user' }, schema: { querystring: batchQuery } }, async (req, reply) => {
    const who = caller(req);
    const queue = queueOf(deps);
    const { fraction, source_root } = req.query;
    const where = source_root ? and(eq(videos.processingStatus, 'pending'), eq(videos.sourceRoot, source_root)) : eq(videos.processingStatus, 'pending');
    const pending = await db.select({ id: videos.id }).from(videos).where(where).orderBy(asc(videos.id));
    const queued = await videosWithLiveJobs(deps.database);
    const eligible = pending.map((p) => p.id).filter((id) => !queued.has(id));
    const take = eligible.slice(0, Math.ceil(eligible.length * BATCH_PROCESS_FRACTION_VALUE[fraction]));
    for (const videoId of take) {
      await queue.send(QUEUES.process, { videoId, fromStatus: 'pending', requestedBy: who.id } satisfies ProcessJobData);
    }
    return reply.code(202).send({ queued: take.length, video_ids: take });
  });
};
