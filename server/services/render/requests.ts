// Render requests and reads: POST starts one render per video at a time (409 while one is queued or
// running), the status answers the spec's {state, progress, artifact, key} plus the job phase and
// whether the artifact is older than the annotations, and the download resolves only the current key.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/connect';
import { Conflict, NotFound, Unavailable } from '../../domain-errors';
import { QUEUES, type JobQueue } from '../../queue';
import { listTrackRanges } from '../../repositories/annotations';
import { claimRender, failRender, findRender, type RenderRow } from '../../repositories/renders';
import { attachQueueJob, finishJob, startJob } from '../job-progress';
import { renderBefore, type RenderRestore } from './cancelled';
import type { SqlRunner } from '../../db/connect';
import { getVideoSettings } from '../settings';
import { requireLiveVideo } from '../videos';
import { realFileInRoot } from '../video-file';
import type { RenderArtifact, RenderPhase, RenderStatus } from '../../../domain/render-status';

export type { RenderStatus };

/** `progressId` names the render's job_progress row (absent in jobs queued before renders had one). */
export interface RenderJobData {
  videoId: number;
  token: string;
  requestedBy: string | null;
  progressId?: number;
}
export interface RenderDeps {
  db: Db;
  sql: SqlRunner;
  queue?: JobQueue;
  log?: { warn(m: string): void };
}

/** A running render whose heartbeat is older than this belongs to a process that died. */
export const RENDER_STALE_MS = 60_000;

const running = (r: RenderRow | null) =>
  Boolean(
    r && (r.state === 'queued' || (r.state === 'running' && Date.now() - r.updatedAt.getTime() < RENDER_STALE_MS)),
  );

export function renderStatusOf(videoId: number, r: RenderRow | null, annotationVersion: number): RenderStatus {
  const hasArtifact = Boolean(r?.key && r.path);
  const phase: RenderPhase = !r
    ? 'idle'
    : running(r)
      ? (r.state as RenderPhase)
      : r.state === 'failed'
        ? 'failed'
        : hasArtifact
          ? 'done'
          : 'idle';
  return {
    state: phase === 'queued' || phase === 'running' ? 'queued' : hasArtifact ? 'done' : 'idle',
    progress:
      phase === 'running' ? Math.round((r?.progress ?? 0) * 10) / 10 : phase === 'queued' ? 0 : hasArtifact ? 100 : 0,
    artifact: hasArtifact
      ? {
          ...(r!.artifact as Omit<RenderArtifact, 'url' | 'annotation_version'>),
          annotation_version: r!.annotationVersion,
          url: `/api/v1/videos/${videoId}/render/download?k=${r!.key}`,
        }
      : null,
    key: hasArtifact ? r!.key : null,
    phase,
    error: r?.error ?? null,
    stale: hasArtifact && (r!.annotationVersion ?? -1) < annotationVersion,
    annotation_version: annotationVersion,
  };
}

export async function getRenderStatus(db: Db, videoId: number): Promise<RenderStatus> {
  const v = await requireLiveVideo(db, videoId);
  return renderStatusOf(videoId, await findRender(db, videoId), v.annotationVersion);
}

export async function requestRender(deps: RenderDeps, videoId: number, by: string | null): Promise<RenderStatus> {
  if (!deps.queue) throw new Unavailable('Rendering is unavailable: no job queue is running on this server');
  await requireLiveVideo(deps.db, videoId);
  const token = randomUUID();
  const before = renderBefore(await findRender(deps.db, videoId)); // what a cancel before the start puts back
  if (!(await claimRender(deps.db, videoId, token, by, new Date(Date.now() - RENDER_STALE_MS)))) {
    throw new Conflict(`A render of video ${videoId} is already queued or running; wait for it to finish`);
  }
  // the progress row exists before the queue job, so the worker always finds it
  const progressId = await startJob(deps.db, {
    kind: 'render',
    videoId,
    startedBy: by,
    state: 'queued',
    stage: 'queued',
    link: `/videos/${videoId}/annotate`,
    result: { render_token: token, before } satisfies RenderRestore as unknown as Record<string, unknown>,
  });
  try {
    const queueJobId = await deps.queue.send(QUEUES.render, {
      videoId,
      token,
      requestedBy: by,
      progressId,
    } satisfies RenderJobData);
    await attachQueueJob(deps.db, progressId, QUEUES.render, queueJobId);
  } catch (e) {
    const reason = `could not queue the render: ${(e as Error).message}`;
    await failRender(deps.db, videoId, token, reason);
    await finishJob(deps.db, progressId, 'failed', { message: reason });
    throw e;
  }
  return getRenderStatus(deps.db, videoId);
}

/**
 * Renders automatically after processing completes or a video is marked reviewed, when the settings
 * ask for it and the video has tracks to draw. Never fails the caller: a render already running is
 * left to finish, and other problems are logged.
 */
export async function autoRender(
  deps: RenderDeps,
  videoId: number,
  trigger: 'completed' | 'reviewed',
  by: string | null,
): Promise<boolean> {
  try {
    if (!deps.queue) return false;
    const s = await getVideoSettings(deps.db);
    if (!(trigger === 'completed' ? s.auto_render_on_completed : s.auto_render_on_reviewed)) return false;
    if (!(await listTrackRanges(deps.sql, videoId)).length) return false;
    await requestRender(deps, videoId, by);
    return true;
  } catch (e) {
    if (!(e instanceof Conflict))
      deps.log?.warn(`video ${videoId}: automatic render after ${trigger} failed: ${(e as Error).message}`);
    return false;
  }
}

/**
 * The artifact for a download key: 404 unless the key is the current artifact's and its file exists with
 * its real path (links resolved) inside the render root's real path; that real path is what is sent.
 */
export async function resolveRenderDownload(
  db: Db,
  videoId: number,
  key: string,
  renderRoot: string,
): Promise<{ file: string; filename: string }> {
  const v = await requireLiveVideo(db, videoId);
  const r = await findRender(db, videoId);
  if (!r?.key || !r.path || r.key !== key)
    throw new NotFound(`No rendered video of video ${videoId} has this key; ask the render status for the current one`);
  const where = await realFileInRoot(r.path, renderRoot);
  if ('outside' in where) throw new NotFound(`The rendered video of video ${videoId} is outside the render folder`);
  const missing = new NotFound(`The rendered video of video ${videoId} is missing on disk; render it again`);
  if ('missing' in where) throw missing;
  if (!(await fs.stat(where.real).catch(() => null))?.isFile()) throw missing;
  return { file: where.real, filename: `${path.parse(v.filename).name}_annotated.mp4` };
}
