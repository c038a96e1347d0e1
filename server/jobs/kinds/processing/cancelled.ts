// A cancelled processing run puts the video back where it was before processing was asked for: the
// status (and its previous status) come back and the log says who cancelled. Nothing else is touched:
// the analysis result is only ever written by the final transaction, which a cancelled run never reaches.
import type { Db } from '../../../db/connect';
import { appendProcessingLog as appendLog } from '../../../repositories/status';
import { changeStatus } from '../../../services/status';
import type { ProcessingRestore } from '../../../services/processing-eligibility';
import type { VideoStatus } from '../../../../domain/constants';

export async function restoreCancelledVideo(
  db: Db,
  videoId: number,
  restore: ProcessingRestore,
  by: string,
  o: { from: VideoStatus[]; when: string },
): Promise<void> {
  const to = (restore.from_status || 'pending') as VideoStatus;
  await db.transaction(async (tx) => {
    await appendLog(
      tx,
      videoId,
      `processing cancelled by ${by} ${o.when}; status ${to} restored, annotations unchanged`,
    );
    await changeStatus(tx, {
      videoId,
      to,
      by,
      from: o.from,
      remark: `processing cancelled by ${by}`,
      extra: { previousStatus: (restore.from_previous_status as VideoStatus | null) ?? null },
    });
  });
}
