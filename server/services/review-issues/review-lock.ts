// The optional lock of reviewed and labelled videos (an admin setting, off by default so the spec's rules
// hold): while it is on, an annotator's annotation writes to such a video and their status changes that
// would take it out of reviewed/labelled are refused with 403 saying why; admins and supers still edit,
// and setting the status back (an admin's act) opens the video again. Issues are not annotations: raising,
// commenting on and resolving them stays open to everyone signed in.
import type { Db } from '../../db/connect';
import { Forbidden } from '../../domain-errors';
import { readSetting, writeSetting } from '../../repositories/settings';
import type { ReviewSettings } from '../../../domain/contract/review-issues';
import { RESOLVED_STATUSES } from '../../../domain/review-issues';
import type { Identity } from '../../../domain/types';
import { atLeast } from '../../../domain/roles';

export const REVIEW_SETTINGS_KEY = 'review';

export async function getReviewSettings(db: Db): Promise<ReviewSettings> {
  const stored = (await readSetting(db, REVIEW_SETTINGS_KEY)) as Partial<ReviewSettings> | undefined;
  return { lock_reviewed_for_annotators: stored?.lock_reviewed_for_annotators === true };
}

export async function saveReviewSettings(db: Db, value: ReviewSettings): Promise<ReviewSettings> {
  await writeSetting(db, REVIEW_SETTINGS_KEY, value);
  return getReviewSettings(db);
}

const isLockedStatus = (status: string) => (RESOLVED_STATUSES as readonly string[]).includes(status);
const editsLocked = (who: Identity | null) => !atLeast(who?.role, 'admin');

function lockedDetail(videoId: number, status: string, what: string): string {
  return `Video ${videoId} is ${status} and locked for annotators ("Lock reviewed and labelled videos for annotators" is on), so ${what}. An administrator can still edit it, or set its status back to open it again.`;
}

/** An annotation write (or a reprocess) of an annotator on a locked video: 403. */
export async function requireUnlocked(
  db: Db,
  video: { id: number; processingStatus: string },
  who: Identity | null,
): Promise<void> {
  if (!isLockedStatus(video.processingStatus) || !editsLocked(who)) return;
  if (!(await getReviewSettings(db)).lock_reviewed_for_annotators) return;
  throw new Forbidden(lockedDetail(video.id, video.processingStatus, 'its annotations cannot be changed'));
}

/** A status change of an annotator that takes a locked video out of reviewed/labelled: 403. */
export async function requireStatusUnlocked(
  db: Db,
  video: { id: number; processingStatus: string },
  to: string,
  who: Identity,
): Promise<void> {
  if (isLockedStatus(to)) return;
  if (!isLockedStatus(video.processingStatus) || !editsLocked(who)) return;
  if (!(await getReviewSettings(db)).lock_reviewed_for_annotators) return;
  throw new Forbidden(
    lockedDetail(video.id, video.processingStatus, `only an administrator may change its status to ${to}`),
  );
}
