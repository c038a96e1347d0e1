// Says, on the Annotate screen, that the video is locked for the viewer before they try to edit it: the
// admin setting 'Lock reviewed and labelled videos for annotators' is on, the video is reviewed or labelled
// and the viewer is an annotator (the server refuses their writes with 403 and the same reason).
import { useEffect, useState } from 'react';
import { Alert } from '../../components/dialogs/Alert';
import { fetchReviewSettings } from '../../api/review-issues';
import { useSession } from '../../session';
import { RESOLVED_STATUSES } from '../../../domain/review-issues';
import type { Video } from '../../../domain/types';
import { atLeast } from '../../../domain/roles';

export function LockNotice({ video }: { video: Video | null }) {
  const { role, user } = useSession();
  const [lock, setLock] = useState(false);
  const status = video?.processing_status ?? null;
  const lockedStatus = status !== null && (RESOLVED_STATUSES as readonly string[]).includes(status);
  useEffect(() => {
    if (!lockedStatus) return;
    let live = true;
    fetchReviewSettings().then(
      (s) => live && setLock(s.lock_reviewed_for_annotators),
      () => {
        /* without the setting the server still decides on every write */
      },
    );
    return () => {
      live = false;
    };
  }, [lockedStatus]);
  if (!lock || !lockedStatus || !user.signedIn || atLeast(role, 'admin')) return null;
  return (
    <Alert severity="info" testId="annotate.locked">
      This video is {status} and locked for annotators: its annotations cannot be changed. You can still raise, comment
      on and resolve review issues. An administrator can edit it, or set its status back to open it again.
    </Alert>
  );
}
