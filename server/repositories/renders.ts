// SQL of the renders table: one row per video with the phase of its latest render job (idle | queued |
// running | done | failed) and the artifact last rendered. Every job transition names the job's token,
// so a job that was superseded or recovered can never overwrite a newer state.
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { renders } from '../db/schema';

export type RenderRow = typeof renders.$inferSelect;
export const ACTIVE_RENDER_STATES = ['queued', 'running'] as const;

export async function findRender(db: Db, videoId: number): Promise<RenderRow | null> {
  const [row] = await db.select().from(renders).where(eq(renders.videoId, videoId)).limit(1);
  return row ?? null;
}

/**
 * Marks a render of the video queued under `token`, unless one is queued or running (a running one whose
 * heartbeat is older than `staleBefore` counts as dead). One statement, so two requests cannot both win.
 */
export async function claimRender(
  db: Db,
  videoId: number,
  token: string,
  by: string | null,
  staleBefore: Date,
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .insert(renders)
    .values({ videoId, state: 'queued', progress: 0, jobToken: token, requestedBy: by, error: null, updatedAt: now })
    .onConflictDoUpdate({
      target: renders.videoId,
      set: {
        state: 'queued',
        progress: 0,
        jobToken: token,
        requestedBy: by,
        error: null,
        startedAt: null,
        finishedAt: null,
        updatedAt: now,
      },
      setWhere: or(
        sql`${renders.state} not in ('queued', 'running')`,
        and(eq(renders.state, 'running'), lt(renders.updatedAt, staleBefore)),
      ),
    })
    .returning({ videoId: renders.videoId });
  return rows.length > 0;
}

const ownedBy = (videoId: number, token: string) => and(eq(renders.videoId, videoId), eq(renders.jobToken, token));

/** The job named by `token` starts: only when its render is still queued under that token. */
export async function startRender(db: Db, videoId: number, token: string): Promise<boolean> {
  const rows = await db
    .update(renders)
    .set({ state: 'running', progress: 0, startedAt: new Date(), updatedAt: new Date() })
    .where(and(ownedBy(videoId, token), eq(renders.state, 'queued')))
    .returning({ videoId: renders.videoId });
  return rows.length > 0;
}

/** Progress (0..100) and the heartbeat of a running render. */
export async function touchRender(db: Db, videoId: number, token: string, progress: number): Promise<void> {
  await db
    .update(renders)
    .set({ progress, updatedAt: new Date() })
    .where(and(ownedBy(videoId, token), eq(renders.state, 'running')));
}

export interface RenderedArtifact {
  key: string;
  path: string;
  annotationVersion: number;
  artifact: Record<string, unknown>;
}

/** Records the new artifact; answers the previous artifact's path (to delete), or null when the job no longer owns the row. */
export async function finishRender(
  db: Db,
  videoId: number,
  token: string,
  a: RenderedArtifact,
): Promise<{ previousPath: string | null } | null> {
  return db.transaction(async (tx) => {
    const [prev] = await tx
      .select({ path: renders.path })
      .from(renders)
      .where(and(ownedBy(videoId, token), eq(renders.state, 'running')))
      .for('update');
    if (!prev) return null;
    await tx
      .update(renders)
      .set({
        state: 'done',
        progress: 100,
        key: a.key,
        path: a.path,
        annotationVersion: a.annotationVersion,
        artifact: a.artifact,
        error: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(ownedBy(videoId, token));
    return { previousPath: prev.path };
  });
}

/** The job failed (or was stopped): the previous artifact stays. */
export async function failRender(db: Db, videoId: number, token: string, error: string): Promise<void> {
  await db
    .update(renders)
    .set({ state: 'failed', progress: 0, error, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(ownedBy(videoId, token), inArray(renders.state, [...ACTIVE_RENDER_STATES])));
}

/** Renders queued or running, with their tokens (start-up recovery). */
export async function listActiveRenders(db: Db): Promise<RenderRow[]> {
  return db
    .select()
    .from(renders)
    .where(inArray(renders.state, [...ACTIVE_RENDER_STATES]));
}

export interface RenderBefore {
  state: string;
  progress: number;
  error: string | null;
  finishedAt: string | null;
}

/** A render cancelled before its job started: the row goes back to what it was before the request. */
export async function restoreQueuedRender(
  db: Db,
  videoId: number,
  token: string,
  before: RenderBefore,
): Promise<boolean> {
  const rows = await db
    .update(renders)
    .set({
      state: before.state,
      progress: before.progress,
      error: before.error,
      finishedAt: before.finishedAt ? new Date(before.finishedAt) : null,
      startedAt: null,
      updatedAt: new Date(),
    })
    .where(and(ownedBy(videoId, token), eq(renders.state, 'queued')))
    .returning({ videoId: renders.videoId });
  return rows.length > 0;
}
