// A render cancelled while it waited in the queue undoes its request: the renders row goes back to the
// phase, progress and error it had before (so the status answers done with the previous artifact, or
// idle, or the earlier failure), and the video's log says who cancelled. A render cancelled while it ran
// is ended by the job itself (jobs/kinds/render/video-renderer.ts): failed with 'cancelled by X', the previous artifact kept.
import type { Db } from '../../db/connect';
import { appendProcessingLog as appendLog } from '../../repositories/status';
import { restoreQueuedRender, type RenderBefore, type RenderRow } from '../../repositories/renders';

/** What a render's progress row keeps so a cancel before the start can restore the renders row. */
export interface RenderRestore {
  render_token: string;
  before: RenderBefore;
}

/** The renders row as it was before a request claimed it (a live one of a dead process counts as failed). */
export function renderBefore(r: RenderRow | null): RenderBefore {
  if (!r) return { state: 'idle', progress: 0, error: null, finishedAt: null };
  const live = r.state === 'queued' || r.state === 'running';
  return {
    state: live ? 'failed' : r.state,
    progress: live ? 0 : r.progress,
    error: live ? 'the render was interrupted (server stopped or crashed); render again' : r.error,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

export async function restoreCancelledRender(
  db: Db,
  videoId: number,
  restore: RenderRestore,
  by: string,
): Promise<void> {
  if (await restoreQueuedRender(db, videoId, restore.render_token, restore.before)) {
    await appendLog(db, videoId, `render cancelled by ${by} before it started; the previous rendered video is kept`);
  }
}
