// Per-row actions of the library: status changes with sign-in checks, start and
// reprocess (row set to pending at once, restored on failure), and the dialogs' open state.
import { useCallback, useState } from 'react';
import { setVideoStatus, startProcessing, startReprocessing } from '../../api/videos';
import { cancelVideoJob } from '../../api/jobs';
import type { VideoStatus } from '../../../domain/constants';
import type { Video } from '../../../domain/types';
import { useSession } from '../../session';
import { useSnackbar } from '../../components/dialogs/Alert';
import type { RemarkKind } from '../../components/dialogs/RemarkDialog';
import { unmarkTarget } from './status-rules';

export type LibraryDialog =
  | { kind: 'preview'; video: Video }
  | { kind: 'log'; video: Video }
  | { kind: 'history'; video: Video }
  | { kind: 'remark'; video: Video; remark: RemarkKind }
  | null;

const message = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

export function useRowActions(
  patchVideo: (id: number, patch: Partial<Video>) => void,
  polling: { watchStarted(id: number): void; watchCancelled(id: number): void },
) {
  const { user, requireSignIn } = useSession();
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<LibraryDialog>(null);
  const [busy, setBusy] = useState(false);

  const changeStatus = useCallback(
    async (video: Video, to: VideoStatus, remark?: string | null): Promise<boolean> => {
      if (!requireSignIn()) return false;
      setBusy(true);
      try {
        const r = await setVideoStatus(video.id, to, remark);
        const now = new Date().toISOString();
        patchVideo(video.id, {
          processing_status: r.status,
          previous_status: r.previous_status,
          last_status_by_id: user.id,
          last_status_changed_at: now,
          status_updated_at: now,
        });
        return true;
      } catch (e) {
        snackbar.show('error', message(e, 'Failed to update status'));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [requireSignIn, patchVideo, snackbar, user.id],
  );

  const start = useCallback(
    async (video: Video, reprocess: boolean) => {
      if (!requireSignIn()) return;
      const before = { processing_status: video.processing_status, previous_status: video.previous_status };
      patchVideo(video.id, {
        processing_status: 'pending',
        previous_status: video.processing_status,
        status_updated_at: new Date().toISOString(),
      });
      try {
        await (reprocess ? startReprocessing(video.id) : startProcessing(video.id));
        polling.watchStarted(video.id);
        snackbar.show(
          'info',
          reprocess ? `Reprocessing started: ${video.filename}` : `Processing started: ${video.filename}`,
        );
      } catch (e) {
        patchVideo(video.id, before);
        snackbar.show('error', message(e, reprocess ? 'Failed to start reprocessing' : 'Failed to start processing'));
      }
    },
    [requireSignIn, patchVideo, polling, snackbar],
  );

  /** Cancel: the job stops (a queued one at once, a running one within a second or two); polling shows the restored status. */
  const cancel = useCallback(
    async (video: Video) => {
      if (!requireSignIn()) return;
      try {
        const r = await cancelVideoJob(video.id);
        polling.watchCancelled(video.id);
        snackbar.show(
          'info',
          r.state === 'cancelled'
            ? `Processing cancelled: ${video.filename}`
            : `Cancelling processing: ${video.filename}`,
        );
      } catch (e) {
        snackbar.show('error', message(e, 'Failed to cancel'));
      }
    },
    [requireSignIn, polling, snackbar],
  );

  /** Mark KIV / Disqualify open the remark dialog; when already marked, unmark back to the previous status. */
  const toggleMark = useCallback(
    (video: Video, kind: RemarkKind) => {
      if (!requireSignIn()) return;
      if (video.processing_status === kind) void changeStatus(video, unmarkTarget(video));
      else setDialog({ kind: 'remark', video, remark: kind });
    },
    [requireSignIn, changeStatus],
  );

  const confirmRemark = useCallback(
    async (remark: string) => {
      if (dialog?.kind !== 'remark') return;
      if (await changeStatus(dialog.video, dialog.remark, remark || null)) setDialog(null);
    },
    [dialog, changeStatus],
  );

  const markReviewed = useCallback(
    async (video: Video) => {
      if (await changeStatus(video, 'reviewed'))
        setDialog((d) =>
          d && d.kind === 'preview' ? { ...d, video: { ...d.video, processing_status: 'reviewed' } } : d,
        );
    },
    [changeStatus],
  );

  return { dialog, setDialog, busy, start, cancel, toggleMark, confirmRemark, markReviewed };
}
