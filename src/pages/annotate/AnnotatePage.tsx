// Annotate screen: header, frame-exact player with Konva overlay, controls, Track Timeline and data
// panel. One AnnotationEditor per page mount (src/annotate/editor) holds the document, UI state,
// history, saves, drags and the player; the components reach it through useEditor().
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert } from '../../components/dialogs/Alert';
import { videoPlaybackUrl } from '../../api/videos';
import { DEFAULT_FPS, DEFAULT_HEIGHT, DEFAULT_WIDTH } from '../../../domain/constants';
import { AnnotationEditor } from '../../annotate/editor/annotation-editor';
import { httpEditorApi } from '../../annotate/editor/editor-deps';
import { systemClock } from '../../annotate/clock';
import { EditorProvider, useDoc, useEditor, useUi } from '../../annotate/editor/editor-context';
import { useAnnotateDocument } from '../../annotate/editor/use-annotate-document';
import { VideoPlayer } from '../../annotate/player/VideoPlayer';
import { PlayerControls } from '../../annotate/player/PlayerControls';
import { TrackTimeline } from '../../annotate/timeline/TrackTimeline';
import { DataPanel } from '../../annotate/panel/DataPanel';
import { EditController } from '../../annotate/edit/EditController';
import { installTestApi } from '../../annotate/probes/test-api';
import { installEditTestApi } from '../../annotate/probes/edit-test-api';
import { AnnotateHeader } from './AnnotateHeader';
import { useRecordReviewOpen } from '../review/use-record-review-open';
import { useSession } from '../../session';
import { RenderControls } from './RenderControls';
import { useAnnotatedView } from './use-annotated-view';
import { AnnotateWorkspace } from './AnnotateWorkspace';
import { useViewRestore } from './use-view-restore';
import { useVideoStatusFollow } from './use-video-status-follow';
import { useDebugBarEnabled } from '../../components/shell/debug-bar-setting';
import { IssueList } from '../../annotate/panel/IssueList';
import { RaiseIssueDialog } from '../../annotate/panel/RaiseIssueDialog';
import { LockNotice } from '../../annotate/review/LockNotice';

export function AnnotatePage() {
  const params = useParams();
  const videoId = Number(params.videoId);
  // Created in an effect so a (strict-mode) remount gets a fresh editor and dispose() always pairs. A
  // passive effect, not a layout effect: the screen then renders in its own task, so the <video> starts
  // loading before the editor's first requests reach the server.
  const [editor, setEditor] = useState<AnnotationEditor | null>(null);
  // an import reloads the screen's document: a new key remounts it, and the notice says what was added
  const [reload, setReload] = useState({ videoId: 0, generation: 0, notice: null as string | null });
  useEffect(() => {
    const e = new AnnotationEditor({ api: httpEditorApi, clock: systemClock });
    setEditor(e);
    return () => e.dispose();
  }, []);
  if (!Number.isInteger(videoId) || videoId <= 0) {
    return (
      <div className="p-4">
        <Alert severity="error">Video not found</Alert>
      </div>
    );
  }
  if (!editor) return null;
  return (
    <EditorProvider editor={editor}>
      <AnnotateScreen
        key={`${videoId}:${reload.generation}`}
        videoId={videoId}
        notice={reload.videoId === videoId ? reload.notice : null}
        onImported={(notice) => setReload((r) => ({ videoId, generation: r.generation + 1, notice }))}
      />
    </EditorProvider>
  );
}

function AnnotateScreen({
  videoId,
  notice,
  onImported,
}: {
  videoId: number;
  notice: string | null;
  onImported: (notice: string) => void;
}) {
  const [shownNotice, setShownNotice] = useState(notice);
  const editor = useEditor();
  const { video, error, setVideo } = useAnnotateDocument(editor, videoId);
  const info = useDoc((d) => d?.info ?? null);
  const session = useSession();
  useRecordReviewOpen(videoId, video !== null, session.user.signedIn);
  useViewRestore(editor, videoId, {
    checking: session.checking,
    signedIn: session.user.signedIn,
    requireSignIn: session.requireSignIn,
  });
  useVideoStatusFollow(video, setVideo);
  const statusBar = useDebugBarEnabled();
  const full = useUi((s) => s.playerSize) === 'full';
  const annotated = useAnnotatedView(videoId);
  // window.__vat: read-only probes always; the test build adds its mutators and benchmark helpers.
  useEffect(() => {
    if (!__VAT_TEST_HOOKS__) return installTestApi(editor);
    // window.__vatEdit: where edit targets are on screen, for the browser tests
    const offEdit = installEditTestApi(editor);
    let uninstall: (() => void) | null = null;
    let gone = false;
    void import('../../annotate/probes/test-hooks').then(({ testHooks }) => {
      if (!gone) uninstall = installTestApi(editor, testHooks(editor));
    });
    return () => {
      gone = true;
      uninstall?.();
      offEdit();
    };
  }, [editor]);

  const fps = info?.fps || video?.fps || DEFAULT_FPS;
  const totalFrames = info?.total_frames || video?.total_frames || 0;
  const duration = info?.duration || video?.duration || 0;
  const width = info?.width || video?.width || DEFAULT_WIDTH;
  const height = info?.height || video?.height || DEFAULT_HEIGHT;

  // The page fills the window below the top bar (and above the debug status bar when shown).
  const pageH = `calc(100dvh - ${statusBar ? '5.5rem' : '3.5rem'})`;
  return (
    <div
      data-testid="annotate.page"
      className="flex flex-col gap-2 px-3 py-2"
      style={full ? { minHeight: pageH } : { height: pageH }}
    >
      <AnnotateHeader
        videoId={videoId}
        video={video}
        onVideoChanged={setVideo}
        renderControls={<RenderControls flow={annotated} />}
        onImported={onImported}
        view={annotated.view}
      />
      {shownNotice && (
        <Alert severity="success" testId="annotate.import-notice" onClose={() => setShownNotice(null)}>
          {shownNotice}
        </Alert>
      )}
      {error && (
        <Alert severity="error" testId="annotate.error">
          {error}
        </Alert>
      )}
      <LockNotice video={video} />
      <AnnotateWorkspace
        player={
          <VideoPlayer
            src={annotated.annotatedSrc ?? videoPlaybackUrl(videoId)}
            overlay={!annotated.annotatedSrc}
            fps={fps}
            totalFrames={totalFrames}
            videoWidth={width}
            videoHeight={height}
          />
        }
        controls={<PlayerControls fps={fps} totalFrames={totalFrames} duration={duration} />}
        panel={
          <>
            <IssueList />
            <DataPanel />
          </>
        }
        timeline={<TrackTimeline />}
      />
      <EditController />
      <RaiseIssueDialog totalFrames={totalFrames} />
    </div>
  );
}
