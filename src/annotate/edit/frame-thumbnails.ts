// Thumbnails for the track pickers: the crop of a box at a frame, drawn on a small canvas. The frame the
// player shows is read from its own video; any other frame from a hidden video element of the same file
// that seeks there, one request at a time (a seek that does not answer within 3 s is given up).
import type { Box } from '../../../domain/ops/box-geometry';
import { seekTimeForFrame } from '../playback/frame-math';

/** What the thumbnails read of the player. */
export interface ThumbnailPlayer {
  readonly element: HTMLVideoElement | null;
  readonly frameRate: number;
}

const SEEK_TIMEOUT_MS = 3000;
/** Room around the box in the crop (a fraction of its size), so the person is seen in context. */
const MARGIN = 0.15;

/** Draws the box's part of `video` into `canvas`, fitted and centred; false when the video has no picture yet. */
function drawCrop(canvas: HTMLCanvasElement, video: HTMLVideoElement, box: Box): boolean {
  const ctx = canvas.getContext('2d');
  const vw = video.videoWidth;
  const vh = video.videoHeight;
  if (!ctx || !vw || !vh || video.readyState < 2) return false;
  const mx = (box.x2 - box.x1) * MARGIN;
  const my = (box.y2 - box.y1) * MARGIN;
  const sx = Math.max(0, (box.x1 - mx) * vw);
  const sy = Math.max(0, (box.y1 - my) * vh);
  const sw = Math.max(1, Math.min(vw, (box.x2 + mx) * vw) - sx);
  const sh = Math.max(1, Math.min(vh, (box.y2 + my) * vh) - sy);
  const scale = Math.min(canvas.width / sw, canvas.height / sh);
  const dw = sw * scale;
  const dh = sh * scale;
  ctx.fillStyle = '#0f172a';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(video, sx, sy, sw, sh, (canvas.width - dw) / 2, (canvas.height - dh) / 2, dw, dh);
  canvas.dataset.drawn = '1';
  return true;
}

export class FrameThumbnails {
  private hidden: HTMLVideoElement | null = null;
  private chain: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    private player: ThumbnailPlayer,
    private shownFrame: () => number,
  ) {}

  /** Draws the box at `frame` into `canvas` (now when the player shows that frame, else after a hidden seek). */
  draw(canvas: HTMLCanvasElement, frame: number, box: Box): void {
    const main = this.player.element;
    if (main && frame === this.shownFrame() && drawCrop(canvas, main, box)) return;
    this.chain = this.chain.then(() => this.drawSought(canvas, frame, box));
  }

  dispose(): void {
    this.disposed = true;
    this.hidden?.removeAttribute('src');
    this.hidden?.load?.();
    this.hidden = null;
  }

  private async drawSought(canvas: HTMLCanvasElement, frame: number, box: Box): Promise<void> {
    const src = this.player.element?.currentSrc || this.player.element?.getAttribute('src');
    if (this.disposed || !src || !canvas.isConnected || typeof document === 'undefined') return;
    if (!this.hidden) {
      this.hidden = document.createElement('video');
      this.hidden.muted = true;
      this.hidden.preload = 'auto';
      this.hidden.src = src;
    }
    const video = this.hidden;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        video.removeEventListener('seeked', done);
        resolve();
      };
      const timer = setTimeout(done, SEEK_TIMEOUT_MS);
      video.addEventListener('seeked', done);
      video.currentTime = seekTimeForFrame(frame, this.player.frameRate);
    });
    if (!this.disposed && canvas.isConnected) drawCrop(canvas, video, box);
  }
}
