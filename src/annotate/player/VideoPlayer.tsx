// The video with its overlay at the chosen player size: the box has the video's own aspect ratio and fills
// the space the layout gives it (player-fit.ts); the overlay stage sits exactly on the picture. Load failures show 'Video {code}' or 'Failed to load'.
// The video element is made here, not by React: on a direct visit the one the early-fetch entry started
// (already loading, often with its first frame decoded) is adopted instead of a new one.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { prepareVideoElement, releaseVideo, takeEarlyVideo } from '../../api/early-video';
import { Alert } from '../../components/dialogs/Alert';
import { OverlayStage } from '../canvas/OverlayStage';
import { useEditor, useUi } from '../editor/editor-context';
import { seekTimeForFrame } from '../frame-math';
import { useElementSize } from '../use-element-size';
import { fitPlayer } from './player-fit';

export function videoErrorText(video: HTMLVideoElement): string {
  return video.error?.code ? `Video ${video.error.code}` : 'Failed to load';
}

/** The picture's rectangle inside a box (object-fit: contain). */
export function containRect(boxW: number, boxH: number, videoW: number, videoH: number) {
  if (!videoW || !videoH) return { x: 0, y: 0, width: boxW, height: boxH };
  const scale = Math.min(boxW / videoW, boxH / videoH);
  const width = Math.round(videoW * scale); const height = Math.round(videoH * scale);
  return { x: Math.round((boxW - width) / 2), y: Math.round((boxH - height) / 2), width, height };
}

export function VideoPlayer({ src, fps, totalFrames, videoWidth, videoHeight, overlay = true }: {
  src: string; fps: number; totalFrames: number; videoWidth: number; videoHeight: number;
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
  const { width: boxW, height: boxH } = fitPlayer(size, available.width, error ? 0 : available.height, videoWidth, videoHeight);
  const pic = containRect(boxW, boxH, videoWidth, videoHeight);

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
    return () => { v.removeEventListener('error', onError); v.remove(); releaseVideo(v); };
  }, [src]);

  useEffect(() => {
    const v = video;
    if (!v) return;
    setError(v.error ? videoErrorText(v) : null);
    // a new source (Annotated View ↔ Live View) continues at the frame shown before the switch
    const frame = editor.getUi().frame;
    const resume = () => { if (frame > 0) v.currentTime = seekTimeForFrame(frame, fps); };
    if (v.readyState >= 1) resume(); else v.addEventListener('loadedmetadata', resume, { once: true });
    const detach = player.attach(v, fps, totalFrames);
    return () => { v.removeEventListener('loadedmetadata', resume); detach(); };
  }, [editor, player, video, fps, totalFrames]);

  return (
    <div ref={outerRef} data-testid="player.area" className={`w-full min-w-0 ${size === 'full' ? '' : 'h-full min-h-0 overflow-hidden'}`}>
      {error && <div className="mb-2"><Alert severity="error" testId="player.error" onClose={() => setError(null)}>{error}</Alert></div>}
      <div ref={hostRef} data-testid="player.box" className="relative mx-auto bg-black" style={{ width: boxW, height: boxH }}>
        <div className="absolute" style={{ left: pic.x, top: pic.y, width: pic.width, height: pic.height }}>
          {overlay && <OverlayStage geometry={{ width: pic.width, height: pic.height, videoWidth, videoHeight }} />}
        </div>
      </div>
    </div>
  );
}
