// The frame-exact player. One controller drives the page's <video>: the presented
// frame comes from requestVideoFrameCallback metadata.mediaTime (frame = round(mediaTime × fps)), never from
// currentTime during playback; stepping seeks to the middle of the target frame and the frame is confirmed
// when the video presents it. Everything else (timeline, data panel, edit side) calls this controller,
// which the page's AnnotationEditor owns (editor.player); it writes the playhead into editor.ui.
import { DEFAULT_RATE, DEFAULT_VOLUME, SKIP_S } from '../../../domain/constants';
import { clampFrame, frameAtMediaTime, frameAtTime, safeFps, seekTimeForFrame } from './frame-math';
import { patchStore, type Store } from '../store';
import type { AnnotateUiState } from '../document/ui-state';
import type { LoadTiming } from '../loader/load-timing';
import type { Clock } from '../clock';

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (
    cb: (now: number, meta: { mediaTime: number; presentedFrames: number }) => void,
  ) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

export class PlayerController {
  private video: FrameCallbackVideo | null = null;
  private fps = 30;
  private totalFrames = 0;
  private handle: number | null = null;
  /** Frame a seek is heading to; steps chain from it so fast repeated clicks never lose a frame. */
  private targetFrame: number | null = null;
  private waiters: { frame: number; resolve: (f: number) => void }[] = [];
  private detach: (() => void) | null = null;
  rate = DEFAULT_RATE;
  volume = DEFAULT_VOLUME;

  constructor(
    private ui: Store<AnnotateUiState>,
    private timing: LoadTiming,
    private clock: Clock,
  ) {}

  private updateUi(patch: Partial<AnnotateUiState>): void {
    patchStore(this.ui, patch);
  }

  attach(video: HTMLVideoElement, fps: number, totalFrames: number): () => void {
    this.detach?.();
    this.video = video as FrameCallbackVideo;
    this.fps = safeFps(fps);
    this.totalFrames = totalFrames;
    this.targetFrame = null;
    video.volume = this.volume;
    video.playbackRate = this.rate;
    const onPlay = () => this.updateUi({ playing: true });
    const onPause = () => this.updateUi({ playing: false });
    const onSeeked = () => {
      // Without requestVideoFrameCallback the seek target is the best we know.
      if (!this.video?.requestVideoFrameCallback)
        this.present(frameAtTime(video.currentTime, this.fps), video.currentTime);
    };
    // The first frame of a paused video is not always reported by requestVideoFrameCallback.
    const onLoadedData = () => {
      this.timing.mark('video');
    };
    const onTimeUpdate = () => {
      if (!this.video?.requestVideoFrameCallback)
        this.present(frameAtTime(video.currentTime, this.fps), video.currentTime);
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('loadeddata', onLoadedData);
    if (video.readyState >= 2) onLoadedData();
    this.loop();
    const detach = () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('loadeddata', onLoadedData);
      if (this.handle !== null) this.video?.cancelVideoFrameCallback?.(this.handle);
      this.handle = null;
      if (this.video === video) this.video = null;
      this.detach = null;
    };
    this.detach = detach;
    return detach;
  }

  private loop(): void {
    const v = this.video;
    if (!v?.requestVideoFrameCallback) return;
    this.handle = v.requestVideoFrameCallback((_now, meta) => {
      this.present(frameAtMediaTime(meta.mediaTime, this.fps), meta.mediaTime);
      this.loop();
    });
  }

  private present(frame: number, time: number): void {
    if (this.targetFrame === frame) this.targetFrame = null;
    this.timing.mark('video');
    this.updateUi({ frame, time });
    const done = this.waiters.filter((w) => w.frame === frame);
    if (done.length) {
      this.waiters = this.waiters.filter((w) => w.frame !== frame);
      for (const w of done) w.resolve(frame);
    }
  }

  /** The frame a running seek is going to, else the frame shown (where the next step or jump starts). */
  get headingTo(): number {
    return this.targetFrame ?? this.ui.get().frame;
  }

  get frameRate(): number {
    return this.fps;
  }
  get frameCount(): number {
    return this.totalFrames;
  }
  get element(): HTMLVideoElement | null {
    return this.video;
  }

  /** Seeks to a frame; resolves with the frame once presented (or after 2 s with what is shown). */
  seekFrame(frame: number): Promise<number> {
    const v = this.video;
    const target = clampFrame(frame, this.totalFrames || Number.MAX_SAFE_INTEGER);
    if (!v) return Promise.resolve(this.ui.get().frame);
    if (
      target === this.ui.get().frame &&
      this.targetFrame === null &&
      Math.abs(v.currentTime - seekTimeForFrame(target, this.fps)) < 0.5 / this.fps
    ) {
      return Promise.resolve(target);
    }
    this.targetFrame = target;
    v.currentTime = seekTimeForFrame(target, this.fps);
    return new Promise((resolve) => {
      const w = { frame: target, resolve };
      this.waiters.push(w);
      this.clock.setTimeout(() => {
        if (!this.waiters.includes(w)) return;
        this.waiters = this.waiters.filter((x) => x !== w);
        if (this.targetFrame === target) this.targetFrame = null;
        resolve(this.ui.get().frame);
      }, 2000);
    });
  }

  /** Steps by n frames from the frame shown (or the one a running seek heads to). Pauses first. */
  step(delta: number): Promise<number> {
    this.video?.pause();
    return this.seekFrame(this.headingTo + delta);
  }

  seekTime(seconds: number): Promise<number> {
    return this.seekFrame(frameAtTime(Math.max(0, seconds), this.fps));
  }

  skip(seconds: number = SKIP_S): Promise<number> {
    const v = this.video;
    if (!v) return Promise.resolve(this.ui.get().frame);
    const duration = Number.isFinite(v.duration) ? v.duration : this.totalFrames / this.fps;
    const t = Math.min(Math.max(0, v.currentTime + seconds), Math.max(0, duration - 0.5 / this.fps));
    return this.seekTime(t);
  }

  play(): void {
    void this.video?.play().catch(() => {
      /* autoplay refusal or load error: the UI shows the error */
    });
  }
  pause(): void {
    this.video?.pause();
  }
  toggle(): void {
    if (this.video?.paused) this.play();
    else this.pause();
  }

  /** The page is gone: stop listening to the video. */
  dispose(): void {
    this.detach?.();
  }

  setRate(rate: number): void {
    this.rate = rate;
    if (this.video) this.video.playbackRate = rate;
  }
  setVolume(volume: number): void {
    this.volume = volume;
    if (this.video) this.video.volume = volume;
  }
}
