// Annotate header: 'Back to Library' (saved filters + restore=1), 'Annotate: {filename}', the video's
// status (follows every change), its open review issues, which view the player shows, Export, Export as, Import…
// (ImportTracksDialog, signed-in users), Prev Video / Next Video (neighbours in the library's order, or
// the Review Queue's when opened from it; Alt+Left / Alt+Right), the render controls (RenderControls:
// Render Annotated Video, progress, Download, Annotated/Live toggle), Actions menu.
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Video } from '../../../domain/types';
import { Button } from '../../components/ui/Button';
import { annotationExportUrl } from '../../api/annotations';
import { useSession } from '../../session';
import { backToLibraryUrl } from '../library/library-params';
import { StatusActionsMenu } from './StatusActionsMenu';
import { ExportFormatsMenu } from './ExportFormatsMenu';
import { ImportTracksDialog } from './ImportTracksDialog';
import { useNeighbors } from './use-neighbors';
import { KeyboardHelp } from '../../annotate/keys/KeyboardHelp';
import { useScreenAction } from '../../annotate/editor/use-screen-action';
import { JobCancelButton } from './JobCancelButton';
import { StatusChip } from '../library/StatusChip';
import { queueContextFrom, queueSearch } from './queue-context';
import type { PlayerView } from './use-annotated-view';
import { IssueCountButton, useOpenIssueCount } from '../../annotate/panel/IssueCount';

export function AnnotateHeader({
  videoId,
  video,
  onVideoChanged,
  renderControls,
  onImported,
  view,
}: {
  videoId: number;
  video: Video | null;
  onVideoChanged: (v: Video) => void;
  renderControls?: ReactNode;
  /** The view the player shows (rendered video or live overlay). */
  view?: PlayerView;
  /** After an import: the screen reloads the video's tracks and says what was added. */
  onImported?: (message: string) => void;
}) {
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const { user } = useSession();
  // read once per screen: the frame kept in the URL changes the query in place while the screen is open
  const { search } = useLocation();
  const [queue] = useState(() => queueContextFrom(search));
  const neighbors = useNeighbors(videoId, queue);
  const openIssues = useOpenIssueCount(video);
  const go = (id: number | null) => {
    if (id) navigate(`/videos/${id}/annotate${queue ? queueSearch(queue) : ''}`);
  };

  // Alt+Left / Alt+Right: screen keys (annotate/commands/screen-keys.ts) that reach the neighbours here
  useScreenAction('goToVideo', (dir) => {
    const id = dir < 0 ? neighbors.prev_id : neighbors.next_id;
    go(id);
    return !!id;
  });

  const exportHref = annotationExportUrl(
    videoId,
    user.signedIn && user.id ? { id: user.id, name: user.name ?? undefined } : null,
  );
  return (
    <header
      data-testid="annotate.header"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 [&_a]:px-2 [&_a]:py-0.5 [&_button]:px-2 [&_button]:py-0.5"
    >
      <Button data-testid="header.back" onClick={() => navigate(backToLibraryUrl())}>
        ← Back to Library
      </Button>
      <h1 data-testid="header.title" className="min-w-0 max-w-[24rem] truncate text-base font-semibold">
        Annotate: {video?.filename ?? '…'}
      </h1>
      {video && <StatusChip status={video.processing_status} testId="header.status" title="Video status" />}
      {video && <IssueCountButton count={openIssues} />}
      {view && (
        <span data-testid="header.view" className="mr-auto whitespace-nowrap text-xs text-slate-600">
          Showing: {view === 'annotated' ? 'Annotated View' : 'Live View'}
        </span>
      )}
      {!view && <span className="mr-auto" />}
      <JobCancelButton videoId={videoId} />
      <Button data-testid="header.export" onClick={() => window.open(exportHref, '_blank', 'noopener')}>
        Export
      </Button>
      <ExportFormatsMenu videoId={videoId} />
      {user.signedIn && onImported && (
        <Button data-testid="header.import" onClick={() => setImporting(true)}>
          Import…
        </Button>
      )}
      <Button
        data-testid="header.prev"
        disabled={!neighbors.prev_id}
        title="Alt+Left"
        onClick={() => go(neighbors.prev_id)}
      >
        Prev Video
      </Button>
      <Button
        data-testid="header.next"
        disabled={!neighbors.next_id}
        title="Alt+Right"
        onClick={() => go(neighbors.next_id)}
      >
        Next Video
      </Button>
      {renderControls}
      {video && <StatusActionsMenu video={video} onChanged={onVideoChanged} openIssues={openIssues} />}
      <KeyboardHelp />
      {onImported && (
        <ImportTracksDialog
          videoId={videoId}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={(m) => {
            setImporting(false);
            onImported(m);
          }}
        />
      )}
    </header>
  );
}
