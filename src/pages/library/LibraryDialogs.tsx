// Dialogs of the library: video preview, Processing Log, Status History and the remark dialog.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getVideoHistory, getVideoLog, videoDownloadUrl, videoLogUrl, videoPlaybackUrl } from '../../api/videos';
import type { HistoryEntry, Video } from '../../../domain/types';
import { Modal } from '../../components/dialogs/Modal';
import { RemarkDialog } from '../../components/dialogs/RemarkDialog';
import { StatusHistoryDialog, historyErrorEntry } from '../../components/dialogs/StatusHistoryDialog';
import { Button } from '../../components/ui/Button';
import { canAnnotate, canMarkReviewed } from './status-rules';
import type { LibraryDialog } from './use-row-actions';
import { openIssuesShort } from '../../../domain/review-issues';

function PreviewDialog({
  video,
  onClose,
  onMarkReviewed,
  busy,
}: {
  video: Video;
  onClose: () => void;
  onMarkReviewed: () => void;
  busy: boolean;
}) {
  const navigate = useNavigate();
  // reviewed means resolved: with open review issues the button waits and says why
  const waits = canMarkReviewed(video) && video.open_issues > 0 ? openIssuesShort(video.open_issues) : undefined;
  return (
    <Modal
      open
      onClose={onClose}
      title={video.filename}
      testId="dialog.preview"
      width="max-w-4xl"
      actions={
        <>
          <Button onClick={() => window.open(videoDownloadUrl(video.id), '_blank', 'noopener')}>Open in new tab</Button>
          <Button disabled={!canAnnotate(video)} onClick={() => navigate(`/videos/${video.id}/annotate`)}>
            Annotate
          </Button>
          <Button
            data-testid="preview.markReviewed"
            disabled={!canMarkReviewed(video) || !!waits || busy}
            title={waits}
            onClick={onMarkReviewed}
          >
            Mark Reviewed
            {waits && <span className="text-xs text-rose-700">({waits})</span>}
          </Button>
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <video
        data-testid="preview.video"
        src={videoPlaybackUrl(video.id)}
        controls
        autoPlay
        muted
        playsInline
        className="aspect-video w-full rounded bg-black"
      />
    </Modal>
  );
}

function LogDialog({ video, onClose }: { video: Video; onClose: () => void }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getVideoLog(video.id)
      .then((t) => live && setText(t.trim() ? t : '(no log yet)'))
      .catch((e: Error) => live && setText(`Error loading log: ${e.message}`));
    return () => {
      live = false;
    };
  }, [video.id]);
  return (
    <Modal
      open
      onClose={onClose}
      title="Processing Log"
      testId="dialog.log"
      width="max-w-3xl"
      actions={
        <>
          <Button onClick={() => window.open(videoLogUrl(video.id), '_blank', 'noopener')}>Open Raw</Button>
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <p className="mb-2 text-sm text-slate-600">{video.filename}</p>
      <pre
        data-testid="log.text"
        className="max-h-[60vh] overflow-auto whitespace-pre-wrap rounded bg-slate-900 p-3 text-xs text-slate-100"
      >
        {text ?? 'Loading…'}
      </pre>
    </Modal>
  );
}

function HistoryDialog({ video, onClose }: { video: Video; onClose: () => void }) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    getVideoHistory(video.id)
      .then((h) => live && setEntries(h))
      .catch((e: Error) => live && setEntries([historyErrorEntry(e.message)]));
    return () => {
      live = false;
    };
  }, [video.id]);
  return (
    <StatusHistoryDialog
      open
      title={`Status History: ${video.filename}`}
      entries={entries ?? []}
      loading={entries === null}
      onClose={onClose}
    />
  );
}

export function LibraryDialogs({
  dialog,
  onClose,
  busy,
  onMarkReviewed,
  onConfirmRemark,
}: {
  dialog: LibraryDialog;
  onClose: () => void;
  busy: boolean;
  onMarkReviewed: (v: Video) => void;
  onConfirmRemark: (remark: string) => void;
}) {
  return (
    <>
      {dialog?.kind === 'preview' && (
        <PreviewDialog
          video={dialog.video}
          onClose={onClose}
          busy={busy}
          onMarkReviewed={() => onMarkReviewed(dialog.video)}
        />
      )}
      {dialog?.kind === 'log' && <LogDialog video={dialog.video} onClose={onClose} />}
      {dialog?.kind === 'history' && <HistoryDialog video={dialog.video} onClose={onClose} />}
      {dialog?.kind === 'remark' && (
        <RemarkDialog open kind={dialog.remark} busy={busy} onClose={onClose} onConfirm={onConfirmRemark} />
      )}
    </>
  );
}
