// Every status change goes through changeStatus (the video row and its history row in one transaction).
// A change by hand must also pass the shared status rules and the remark rule, and marking a video
// reviewed renders it when the settings ask for it (auto_render_on_reviewed). Also here: a video's
// status as the API shows it, its history and its processing log.
import type { Db } from '../db/connect';
import { Conflict, Invalid } from '../domain-errors';
import { changeStatus, listProcessingLog, listStatusHistory, type StatusChanged } from '../repositories/status';
import { requireLiveVideo } from './videos';
import { processingProgressOf } from './job-activity';
import { autoRender, type RenderDeps } from './render/requests';
import type { VideoStatus } from '../../domain/constants';
import type { Identity } from '../../domain/types';
import type { HistoryEntry, VideoStatusInfo } from '../../domain/contract/videos';
import { manualStatusRefusal } from '../../domain/status-rules';
import { validateRemark } from '../../domain/validation';
import { openIssuesRefusal, RESOLVED_STATUSES } from '../../domain/review-issues';
import { firstOpenIssue, lockOpenIssueCount } from '../repositories/review-issues';
import { issueRef } from './review-issues/issue-dto';
import { requireStatusUnlocked } from './review-issues/review-lock';

export { changeStatus, type StatusChanged } from '../repositories/status';

/** A change by hand (PATCH /videos/{id}/status); the automatic render follows a change to reviewed. */
export async function setStatusByHand(
  deps: RenderDeps,
  who: Identity,
  videoId: number,
  to: VideoStatus,
  rawRemark?: string | null,
): Promise<StatusChanged> {
  const { db } = deps;
  const remark = rawRemark?.trim() || null;
  const problem = validateRemark(remark);
  if (problem) throw new Invalid(problem);
  const v = await requireLiveVideo(db, videoId);
  const from = v.processingStatus as VideoStatus;
  const refusal = manualStatusRefusal(
    { processing_status: from, previous_status: v.previousStatus as VideoStatus | null },
    to,
  );
  if (refusal) throw new Conflict(refusal);
  await requireStatusUnlocked(db, v, to, who);
  const changed = await db.transaction(async (tx) => {
    // reviewed means resolved: the count is read under the video row's lock, which every issue write takes too
    if ((RESOLVED_STATUSES as readonly string[]).includes(to)) {
      const open = (await lockOpenIssueCount(tx, videoId)) ?? 0;
      if (open > 0) {
        const first = await firstOpenIssue(tx, videoId);
        throw new Conflict(openIssuesRefusal(to, open, first ? issueRef(first) : null));
      }
    }
    // `from` guards a race: the rules were checked against this status, so only change from it.
    return changeStatus(tx, { videoId, to, by: who.id, remark, from: [from] });
  });
  if (!changed) throw new Conflict(`Video ${videoId} changed status meanwhile; reload and try again`);
  if (changed.status === 'reviewed') await autoRender(deps, videoId, 'reviewed', who.id);
  return changed;
}

/** GET /videos/{id}/status: the status, and the progress of the video's queued or running processing job. */
export async function videoStatusInfo(db: Db, videoId: number, who: Identity | null): Promise<VideoStatusInfo> {
  const v = await requireLiveVideo(db, videoId);
  const job = await processingProgressOf(db, v.id, who);
  return {
    status: v.processingStatus as VideoStatus,
    previous_status: v.previousStatus as VideoStatus | null,
    last_updated: v.statusUpdatedAt.toISOString(),
    ...job,
  };
}

export async function videoStatusHistory(db: Db, videoId: number): Promise<HistoryEntry[]> {
  await requireLiveVideo(db, videoId);
  return (await listStatusHistory(db, videoId)).map((h) => ({
    id: h.id,
    changed_at: h.changedAt.toISOString(),
    old_status: h.oldStatus,
    new_status: h.newStatus,
    remark: h.remark,
    changed_by_id: h.changedById,
  }));
}

/** The processing log as text: one line per entry, each starting with its ISO time. */
export async function processingLogText(db: Db, videoId: number): Promise<string> {
  await requireLiveVideo(db, videoId);
  const rows = await listProcessingLog(db, videoId);
  return rows.map((r) => `${r.at.toISOString()} ${r.line}`).join('\n');
}
