// The video with its overlay at the chosen player size: the box has the video's own aspect ratio and fills
// the space the layout gives it (player-fit.ts). The box is the viewport of editor.viewport: the video
// element is moved and scaled by a CSS transform from the viewport's zoom and pan, and the overlay stage
// covers the box and draws at the same transform. Load failures show 'Video {code}' or 'Failed to load'.
// The video element is made here, not by React: on a direct visit the one the early-fetch entry started
// (already loading, often with its first frame decoded) is adopted instead of a new one.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { prepareVideoElement, releaseVideo, takeEarlyVideo } from '../../api/early-video';
import { Alert } from '../../components/dialogs/Alert';
import { OverlayStage } from './OverlayStage';
import { ViewportSurface } from './ViewportSurface';
import { ZoomControls } from './ZoomControls';
import { PointerStatus } from './PointerStatus';
import { IssueLayer } from './IssueLayer';
import { useEditor, useUi } from '../editor/editor-context';
import { seekTimeForFrame } from '../playback/frame-math';
import { useElementSize } from '../use-element-size';
import { fitPlayer } from './player-fit';

export function videoErrorText(video: HTMLVideoElement): string {
  return video.error?.code ? `Video ${video.error.code}` : 'Failed to load';
}

export function VideoPlayer({
  src,
  fps,
  totalFrames,
  videoWidth,
  videoHeight,
  overlay = true,
}: {
  src: string;
  fps: number;
  totalFrames: number;
  videoWidth: number;
  videoHeight: number;
  /** False while a rendered video (overlay burned in) is played: no live overlay on top. */
  overlay?: boolean;
}) {
  const editor = useEditor();
  const { player } = editor;
  const outerRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const available = useElementSize(outerRef);
  const size = useUi((s) => s.playerSize);
  const [error, setError] = useState<string | null>(null);
  const { width: boxW, height: boxH } = fitPlayer(
    size,
    available.width,
    error ? 0 : available.height,
    videoWidth,
    videoHeight,
  );

  // The viewport's sizes are set before the overlay draws (a layout effect runs before paint).
  useLayoutEffect(() => {
    editor.viewport.setGeometry({ boxW, boxH, videoW: videoWidth, videoH: videoHeight });
  }, [editor, boxW, boxH, videoWidth, videoHeight]);

  // The video follows the zoom and pan without a React render: object-contain centres the fitted picture,
  // so scaling about the centre and translating by the pan puts it where viewport-math.ts says.
  useEffect(() => {
    if (!video) return;
    const apply = () => {
      const v = editor.viewport.get();
      video.style.transform =
        v.zoom === 1 && v.panX === 0 && v.panY === 0 ? '' : `translate(${v.panX}px, ${v.panY}px) scale(${v.zoom})`;
    };
    apply();
    return editor.viewport.state.subscribe(apply);
  }, [editor, video]);

  // One element per source (Annotated View ↔ Live View makes a new one); a replaced one stops loading.
  useLayoutEffect(() => {
    const v = takeEarlyVideo(src) ?? prepareVideoElement(document.createElement('video'));
    if (!v.getAttribute('src')) v.src = src;
    v.setAttribute('data-testid', 'player.video');
    v.className = 'absolute inset-0 h-full w-full object-contain';
    const onError = () => setError(videoErrorText(v));
    v.addEventListener('error', onError);
    hostRef.current!.prepend(v);
    setVideo(v);
    return () => {
      v.removeEventListener('error', onError);
      v.remove();
      releaseVideo(v);
    };
  }, [src]);

  useEffect(() => {
    const v = video;
    if (!v) return;
    setError(v.error ? videoErrorText(v) : null);
    // a new source (Annotated View ↔ Live View) continues at the frame shown before the switch
    const frame = editor.getUi().frame;
    const resume = () => {
      if (frame > 0) v.currentTime = seekTimeForFrame(frame, fps);
    };
    if (v.readyState >= 1) resume();
    else v.addEventListener('loadedmetadata', resume, { once: true });
    const detach = player.attach(v, fps, totalFrames);
    return () => {
      v.removeEventListener('loadedmetadata', resume);
      detach();
    };
  }, [editor, player, video, fps, totalFrames]);

  return (
    <div
      ref={outerRef}
      data-testid="player.area"
      className={`w-full min-w-0 ${size === 'full' ? '' : 'h-full min-h-0 overflow-hidden'}`}
    >
      {error && (
        <div className="mb-2">
          <Alert severity="error" testId="player.error" onClose={() => setError(null)}>
            {error}
          </Alert>
        </div>
      )}
      <div
        ref={hostRef}
        data-testid="player.box"
        className="relative mx-auto overflow-hidden bg-black"
        style={{ width: boxW, height: boxH }}
      >
        <ViewportSurface>
          {overlay && <OverlayStage geometry={{ width: boxW, height: boxH, videoWidth, videoHeight }} />}
          <IssueLayer />
        </ViewportSurface>
        <ZoomControls />
        <PointerStatus />
      </div>
    </div>
  );
}
