// Every status change goes through changeStatus (the video row and its history row in one transaction).
// A change by hand must also pass the shared status rules and the remark rule.
import type { Db } from '../db/connect';
import { Conflict, Invalid } from '../domain-errors';
import { changeStatus, type StatusChanged } from '../repositories/status';
import { requireLiveVideo } from './videos';
import type { VideoStatus } from '../../domain/constants';
import type { Identity } from '../../domain/types';
import { manualStatusRefusal } from '../../domain/status-rules';
import { validateRemark } from '../../domain/validation';
import { openIssuesRefusal, RESOLVED_STATUSES } from '../../domain/review-issues';
import { firstOpenIssue, lockOpenIssueCount } from '../repositories/review-issues';
import { issueRef } from './review-issues/issue-dto';
import { requireStatusUnlocked } from './review-issues/review-lock';

export { changeStatus, type StatusChanged } from '../repositories/status';

export async function setStatusByHand(
  db: Db,
  who: Identity,
  videoId: number,
  to: VideoStatus,
  rawRemark?: string | null,
): Promise<StatusChanged> {
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
  return changed;
}
