// The render pipeline: ffmpeg decodes the source to raw RGBA frames on a pipe; each frame's overlay is
// drawn by the shared overlay code (domain/overlay/draw.ts) with @napi-rs/canvas; ffmpeg encodes the
// frames from a pipe, with the source's audio. Frames never touch the disk. Only the pixels an overlay
// item can touch travel to and from the canvas (reading a whole 1080p canvas back costs ~30 ms), and
// three frame buffers rotate between the decoder, the drawing and the encoder's pipe, which gives
// backpressure: a buffer is refilled only after the encoder has taken it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createCanvas, ImageData, type SKRSContext2D } from '@napi-rs/canvas';
import type { VideoSettings } from '../../../domain/constants';
import {
  drawOverlay,
  overlayItemBounds,
  placeOverlayLabels,
  type OverlayItem,
  type OverlayToggleSet,
} from '../../../domain/overlay/draw';
import { decoderArgs, encoderArgs, renderGeometry, type RenderGeometry } from './ffmpeg-args';

export interface FrameAnnotations {
  itemsAt(frame: number, time: number): Promise<OverlayItem[]>;
}

export interface RenderJobInput {
  ffmpegPath: string;
  input: string;
  output: string;
  width: number;
  height: number;
  fpsNum: number;
  fpsDen: number;
  totalFrames: number;
  settings: Pick<VideoSettings, 'render_preset' | 'render_crf' | 'render_max_res' | 'overlay'>;
  annotations: FrameAnnotations;
}

export interface RenderOutcome {
  frames: number;
  width: number;
  height: number;
  /** Wall time and the time the loop waited on the decoder, spent drawing, and waited on the encoder. */
  ms: { total: number; decode: number; draw: number; encode: number };
}

export class RenderError extends Error {}

function watch(proc: ChildProcess, what: string) {
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    proc.on('error', (e) => reject(new RenderError(`${what} could not start: ${e.message}`)));
    proc.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new RenderError(
            `${what} failed: ${stderr.trim().split('\n').filter(Boolean).pop() ?? `exit ${code ?? signal}`}`,
          ),
        );
    });
  });
  exited.catch(() => {});
  return exited;
}

interface Slot {
  buf: Buffer;
  written: Promise<void>;
}

export function overlayToggles(overlay: VideoSettings['overlay']): OverlayToggleSet {
  // the editor's label shows the confidence by default; the render shows it with the label
  return {
    boxes: overlay.boxes,
    skeletons: overlay.skeletons,
    keypoints: overlay.keypoints,
    labels: overlay.labels,
    confidence: true,
  };
}

/** Draws `items` onto the RGBA frame in `slot`, copying only the touched rectangles through the canvas. */
function drawOnFrame(
  ctx: SKRSContext2D,
  slot: Slot,
  g: RenderGeometry,
  items: OverlayItem[],
  toggles: OverlayToggleSet,
): void {
  const { width: W, height: H } = g;
  // the frame's labels are placed together (none hides another), then each track is drawn on its own
  for (const it of placeOverlayLabels(ctx, items, W, H, toggles)) {
    const b = overlayItemBounds(ctx, it, W, H, toggles);
    if (!b) continue;
    // a small ImageData of the rectangle: putImageData with a dirty rectangle still copies the whole frame
    const row = b.w * 4;
    const region = new Uint8ClampedArray(row * b.h);
    for (let y = 0; y < b.h; y++) {
      const at = ((b.y + y) * W + b.x) * 4;
      region.set(slot.buf.subarray(at, at + row), y * row);
    }
    ctx.putImageData(new ImageData(region, b.w, b.h), b.x, b.y);
    drawOverlay(ctx, [it], W, H, toggles);
    const px = ctx.getImageData(b.x, b.y, b.w, b.h).data;
    for (let y = 0; y < b.h; y++) slot.buf.set(px.subarray(y * row, y * row + row), ((b.y + y) * W + b.x) * 4);
  }
}

export async function renderVideo(
  job: RenderJobInput,
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<RenderOutcome> {
  const g = renderGeometry(job.width, job.height, job.settings.render_max_res);
  const toggles = overlayToggles(job.settings.overlay);
  const t0 = performance.now();
  const ms = { total: 0, decode: 0, draw: 0, encode: 0 };
  const decoder = spawn(job.ffmpegPath, decoderArgs(job.ffmpegPath, job.input, g), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const encoder = spawn(
    job.ffmpegPath,
    encoderArgs(job.ffmpegPath, job.input, job.output, g, {
      preset: job.settings.render_preset,
      crf: job.settings.render_crf,
      fpsNum: job.fpsNum,
      fpsDen: job.fpsDen,
    }),
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const decoded = watch(decoder, 'decoding');
  const encoded = watch(encoder, 'encoding');
  encoder.stdin!.on('error', () => {}); // a dead encoder is reported by its exit code
  // a cancel or a server stop: both processes die at once and the loop below stops at its next await
  let onAbort: () => void = () => {};
  const aborted = new Promise<void>((resolve) => {
    onAbort = resolve;
  });
  const kill = () => {
    decoder.kill('SIGKILL');
    encoder.kill('SIGKILL');
    onAbort();
  };
  if (opts.signal?.aborted) kill();
  opts.signal?.addEventListener('abort', kill);

  const canvas = createCanvas(g.width, g.height);
  const ctx = canvas.getContext('2d');
  const frameBytes = g.width * g.height * 4;
  const slots: Slot[] = Array.from({ length: 3 }, () => {
    return { buf: Buffer.alloc(frameBytes), written: Promise.resolve() };
  });
  let frames = 0,
    filled = 0;
  let slot = slots[0];
  const frameTime = job.fpsDen / job.fpsNum;
  try {
    let waitStart = performance.now();
    for await (const chunk of decoder.stdout as AsyncIterable<Buffer>) {
      ms.decode += performance.now() - waitStart;
      let off = 0;
      while (off < chunk.length && !opts.signal?.aborted) {
        const n = Math.min(frameBytes - filled, chunk.length - off);
        chunk.copy(slot.buf, filled, off, off + n);
        filled += n;
        off += n;
        if (filled < frameBytes) break;
        const d0 = performance.now();
        const items = await job.annotations.itemsAt(frames, frames * frameTime);
        if (items.length) drawOnFrame(ctx, slot, g, items, toggles);
        ms.draw += performance.now() - d0;
        const s = slot;
        s.written = new Promise((resolve) => encoder.stdin!.write(s.buf, () => resolve()));
        frames++;
        filled = 0;
        if (job.totalFrames > 0 && frames % 10 === 0) opts.onProgress?.(Math.min(1, frames / job.totalFrames));
        slot = slots[frames % slots.length];
        const e0 = performance.now();
        await Promise.race([slot.written, aborted]); // the encoder has taken this buffer: it may be refilled
        ms.encode += performance.now() - e0;
      }
      if (opts.signal?.aborted) break;
      waitStart = performance.now();
    }
    await decoded;
    if (opts.signal?.aborted) throw new RenderError('render stopped');
    const e0 = performance.now();
    encoder.stdin!.end();
    await encoded;
    ms.encode += performance.now() - e0;
    if (!frames) throw new RenderError('the video has no frames to render');
  } catch (e) {
    kill();
    if (opts.signal?.aborted) throw new RenderError('render stopped');
    throw e;
  } finally {
    opts.signal?.removeEventListener('abort', kill);
  }
  ms.total = performance.now() - t0;
  return { frames, width: g.width, height: g.height, ms };
}
