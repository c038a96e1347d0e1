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
  // `from` guards a race: the rules were checked against this status, so only change from it.
  const changed = await changeStatus(db, { videoId, to, by: who.id, remark, from: [from] });
  if (!changed) throw new Conflict(`Video ${videoId} changed status meanwhile; reload and try again`);
  return changed;
}
