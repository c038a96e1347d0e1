// Annotate header: 'Back to Library' (saved filters + restore=1), 'Annotate: {filename}',
// Export, Export as, Import… (ImportTracksDialog, signed-in users), Prev Video / Next Video (neighbours
// in the library's order; Alt+Left / Alt+Right), the render
// controls (RenderControls: Render Annotated Video, progress, Annotated/Live toggle), Actions menu.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Video } from '../../../domain/types';
import { Button } from '../../components/ui/Button';
import { annotationExportUrl } from '../../api/annotations';
import { useSession } from '../../session';
import { backToLibraryUrl } from '../library/libraryParams';
import { StatusActionsMenu } from './StatusActionsMenu';
import { ExportFormatsMenu } from './ExportFormatsMenu';
import { ImportTracksDialog } from './ImportTracksDialog';
import { useNeighbors } from './use-neighbors';
import { KeyboardHelp } from '../../annotate/KeyboardHelp';
import { useScreenAction } from '../../annotate/editor/use-screen-action';
import { JobCancelButton } from './JobCancelButton';

export function AnnotateHeader({ videoId, video, onVideoChanged, renderControls, onImported }: {
  videoId: number; video: Video | null; onVideoChanged: (v: Video) => void; renderControls?: ReactNode;
  /** After an import: the screen reloads the video's tracks and says what was added. */
  onImported?: (message: string) => void;
}) {
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const { user } = useSession();
  const neighbors = useNeighbors(videoId);
  const go = (id: number | null) => { if (id) navigate(`/videos/${id}/annotate`); };

  // Alt+Left / Alt+Right: screen keys (annotate/commands/screen-keys.ts) that reach the neighbours here
  useScreenAction('goToVideo', (dir) => {
    const id = dir < 0 ? neighbors.prev_id : neighbors.next_id;
    go(id);
    return !!id;
  });

  const exportHref = annotationExportUrl(videoId, user.signedIn && user.id ? { id: user.id, name: user.name ?? undefined } : null);
  return (
    <header data-testid="annotate.header" className="flex flex-wrap items-center gap-2">
      <Button data-testid="header.back" onClick={() => navigate(backToLibraryUrl())}>← Back to Library</Button>
      <h1 data-testid="header.title" className="mr-auto truncate text-lg font-semibold">Annotate: {video?.filename ?? '…'}</h1>
      <JobCancelButton videoId={videoId} />
      <Button data-testid="header.export" onClick={() => window.open(exportHref, '_blank', 'noopener')}>Export</Button>
      <ExportFormatsMenu videoId={videoId} />
      {user.signedIn && onImported && <Button data-testid="header.import" onClick={() => setImporting(true)}>Import…</Button>}
      <Button data-testid="header.prev" disabled={!neighbors.prev_id} title="Alt+Left" onClick={() => go(neighbors.prev_id)}>Prev Video</Button>
      <Button data-testid="header.next" disabled={!neighbors.next_id} title="Alt+Right" onClick={() => go(neighbors.next_id)}>Next Video</Button>
      {renderControls}
      {video && <StatusActionsMenu video={video} onChanged={onVideoChanged} />}
      <KeyboardHelp />
      {onImported && <ImportTracksDialog videoId={videoId} open={importing} onClose={() => setImporting(false)} onImported={(m) => { setImporting(false); onImported(m); }} />}
    </header>
  );
}
