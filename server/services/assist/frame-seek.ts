// Decoding chosen frames of a video to RGB for the editor's pose calls, frame-exactly: frame N is the N-th
// frame the processing pipeline and the renderer count (frames.ts decodes every frame with passthrough
// timing, so N sits at N / fps from the start). ffmpeg seeks to half a frame before N's time: its accurate
// seek (the default when decoding) drops every frame before that time, so the first frame out is N. The same
// arguments work in the npm ffmpeg 4.1 build and in 5.x. Frames come out at the video's size (its long side
// capped at MAX_LONG_SIDE), through the same scaler as frames.ts.
import { ffmpegRgbFrames } from '../../media/ffmpeg-rgb-frames';
import { passthrough } from '../../media/ffmpeg-passthrough';

/** A 4K frame is 25 MB of RGB; the pose crops gain nothing above this long side. */
export const MAX_LONG_SIDE = 1280;

export interface SeekVideo {
  file: string;
  fps: number;
  width: number;
  height: number;
}
export interface RgbFrame {
  frame: number;
  rgb: Uint8Array;
  width: number;
  height: number;
}

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

/** The decoded size: the video's own, scaled down so its long side is at most MAX_LONG_SIDE. */
export function decodeSize(width: number, height: number): { width: number; height: number } {
  const k = Math.min(1, MAX_LONG_SIDE / Math.max(width, height, 1));
  return { width: even(width * k), height: even(height * k) };
}

/** ffmpeg's arguments for `count` frames from frame `from` (exported for the test of the exact frame). */
export function seekArgs(ffmpegPath: string, v: SeekVideo, from: number, count: number): string[] {
  const { width, height } = decodeSize(v.width, v.height);
  const at = from > 0 ? ((from - 0.5) / v.fps).toFixed(6) : null;
  return [
    '-v',
    'error',
    '-nostdin',
    '-threads',
    '2',
    ...(at ? ['-ss', at] : []),
    '-i',
    v.file,
    '-map',
    '0:v:0',
    '-vf',
    `scale=${width}:${height}:flags=bilinear`,
    ...passthrough(ffmpegPath),
    '-frames:v',
    String(count),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
}

/**
 * Yields frames from, from + 1, … (at most `count`; fewer at the end of the video). Throws with ffmpeg's
 * last error line when decoding fails; stops (throwing 'stopped') when `signal` aborts.
 */
export async function* decodeFramesFrom(
  ffmpegPath: string,
  v: SeekVideo,
  from: number,
  count: number,
  signal?: AbortSignal,
): AsyncGenerator<RgbFrame> {
  const { width, height } = decodeSize(v.width, v.height);
  let n = 0;
  for await (const rgb of ffmpegRgbFrames(
    ffmpegPath,
    seekArgs(ffmpegPath, v, from, count),
    width * height * 3,
    signal,
  )) {
    yield { frame: from + n, rgb, width, height };
    n++;
  }
}

/** Exactly frame `frame`, or null when the video has no such frame. */
export async function decodeFrameAt(ffmpegPath: string, v: SeekVideo, frame: number): Promise<RgbFrame | null> {
  for await (const f of decodeFramesFrom(ffmpegPath, v, frame, 1)) return f;
  return null;
}
