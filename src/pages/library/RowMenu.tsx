// The per-row menu: Process, Annotate, Download, Export Annotations, View Log,
// View History, Reprocess, Cancel (a queued or running processing job), Mark KIV / Unmark KIV,
// Disqualify / Unmark Disqualified, 'Delete (disabled)'.
import { useNavigate } from 'react-router-dom';
import { annotationExportUrl } from '../../api/annotations';
import { videoDownloadUrl } from '../../api/videos';
import type { Video } from '../../../domain/types';
import { MoreIcon } from '../../components/ui/icons';
import { PopupMenu } from '../../components/ui/PopupMenu';
import { canAnnotate, canReprocess, canStartProcessing } from './status-rules';

/** A processing job exists only while the video is pending (queued) or processing. */
const mayHaveProcessingJob = (v: Video) => v.processing_status === 'pending' || v.processing_status === 'processing';
import type { useRowActions } from './use-row-actions';

type Actions = ReturnType<typeof useRowActions>;

export function RowMenu({ video, actions }: { video: Video; actions: Actions }) {
  const navigate = useNavigate();
  const open = (url: string) => window.open(url, '_blank', 'noopener');
  const kiv = video.processing_status === 'kiv';
  const dq = video.processing_status === 'disqualified';
  return (
    <PopupMenu
      testId="library.rowMenu"
      buttonLabel={`More actions for ${video.filename}`}
      buttonContent={<MoreIcon />}
      items={[
        { label: 'Process', disabled: !canStartProcessing(video), onSelect: () => void actions.start(video, false) },
        { label: 'Annotate', disabled: !canAnnotate(video), onSelect: () => navigate(`/videos/${video.id}/annotate`) },
        { label: 'Download', onSelect: () => open(videoDownloadUrl(video.id)) },
        { label: 'Export Annotations', onSelect: () => open(annotationExportUrl(video.id)) },
        { label: 'View Log', onSelect: () => actions.setDialog({ kind: 'log', video }) },
        { label: 'View History', onSelect: () => actions.setDialog({ kind: 'history', video }) },
        { label: 'Reprocess', disabled: !canReprocess(video), onSelect: () => void actions.start(video, true) },
        { label: 'Cancel', disabled: !mayHaveProcessingJob(video), onSelect: () => void actions.cancel(video) },
        {
          label: kiv ? 'Unmark KIV' : 'Mark KIV',
          separatorBefore: true,
          onSelect: () => actions.toggleMark(video, 'kiv'),
        },
        { label: dq ? 'Unmark Disqualified' : 'Disqualify', onSelect: () => actions.toggleMark(video, 'disqualified') },
        { label: 'Delete (disabled)', disabled: true },
      ]}
    />
  );
}
