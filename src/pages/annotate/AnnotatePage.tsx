// Annotate screen: header, frame-exact player with Konva overlay,
// controls, Track Timeline and data panel. Editing plugs in through src/annotate/slots.ts.
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Alert } from '../../components/dialogs/Alert';
import { videoDownloadUrl } from '../../api/videos';
import { DEFAULT_FPS, DEFAULT_HEIGHT, DEFAULT_WIDTH } from '../../../domain/constants';
import { useDoc } from '../../annotate/document/store';
import { useAnnotateDocument } from '../../annotate/loader/use-annotate-document';
import { VideoPlayer } from '../../annotate/player/VideoPlayer';
import { PlayerControls } from '../../annotate/player/PlayerControls';
import { TrackTimeline } from '../../annotate/timeline/TrackTimeline';
import { DataPanel } from '../../annotate/panel/DataPanel';
import { installTestApi } from '../../annotate/test-api';
import { useEditSlots } from '../../annotate/use-edit-slots';
import { AnnotateHeader } from './AnnotateHeader';
import { useRecordReviewOpen } from '../review/use-record-review-open';
import { useSession } from '../../session';
import { RenderControls } from './RenderControls';
import { useAnnotatedView } from './use-annotated-view';
// Edit mode registers its slots on import.
import '../../annotate/edit/register';

export function AnnotatePage() {
  const params = useParams();
  const videoId = Number(params.videoId);
  if (!Number.isInteger(videoId) || videoId <= 0) {
    return <div className="p-4"><Alert severity="error">Video not found</Alert></div>;
  }
  return <AnnotateScreen key={videoId} videoId={videoId} />;
}

function AnnotateScreen({ videoId }: { videoId: number }) {
  const { video, error, setVideo } = useAnnotateDocument(videoId);
  const info = useDoc((d) => d?.info ?? null);
  const slots = useEditSlots();
  useRecordReviewOpen(videoId, video !== null, useSession().user.signedIn);
  const annotated = useAnnotatedView(videoId);
  // window.__vat: read-only probes always; the test build adds its mutators and benchmark helpers.
  useEffect(() => {
    if (!__VAT_TEST_HOOKS__) return installTestApi();
    let uninstall: (() => void) | null = null;
    let gone = false;
    void import('../../annotate/test-hooks').then(({ testHooks }) => { if (!gone) uninstall = installTestApi(testHooks); });
    return () => { gone = true; uninstall?.(); };
  }, []);

  const fps = info?.fps || video?.fps || DEFAULT_FPS;
  const totalFrames = info?.total_frames || video?.total_frames || 0;
  const duration = info?.duration || video?.duration || 0;
  const width = info?.width || video?.width || DEFAULT_WIDTH;
  const height = info?.height || video?.height || DEFAULT_HEIGHT;

  return (
    <div data-testid="annotate.page" className="flex flex-col gap-3 p-4">
      <AnnotateHeader videoId={videoId} video={video} onVideoChanged={setVideo} renderControls={<RenderControls flow={annotated} />} />
      {error && <Alert severity="error" testId="annotate.error">{error}</Alert>}
      <div className="grid gap-3 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <VideoPlayer src={annotated.annotatedSrc ?? videoDownloadUrl(videoId)} overlay={!annotated.annotatedSrc} fps={fps} totalFrames={totalFrames} videoWidth={width} videoHeight={height} />
          <PlayerControls fps={fps} totalFrames={totalFrames} duration={duration} />
        </div>
        <div className="max-h-[80vh] min-h-[16rem]"><DataPanel /></div>
      </div>
      <TrackTimeline />
      {slots.renderPageExtras?.()}
    </div>
  );
}
