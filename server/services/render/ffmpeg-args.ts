// The ffmpeg command lines of a render: the decoder writes raw RGBA frames to a pipe, the encoder reads
// the drawn frames from a pipe and takes the audio from the source. Every option here exists in the npm
// ffmpeg 4.1 build and in Debian's 5.x.
import type { VideoSettings } from '../../../domain/constants';
import { passthrough } from '../../media/ffmpeg-passthrough';

export { passthrough };

export interface RenderGeometry {
  width: number;
  height: number;
  scaled: boolean;
}

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

/** Output size: the source's, or with render_max_res 720p the short side at most 720 keeping the aspect. */
export function renderGeometry(srcW: number, srcH: number, maxRes: VideoSettings['render_max_res']): RenderGeometry {
  const short = Math.min(srcW, srcH);
  if (maxRes !== '720p' || short <= 720)
    return { width: even(srcW), height: even(srcH), scaled: even(srcW) !== srcW || even(srcH) !== srcH };
  const k = 720 / short;
  return { width: even(srcW * k), height: even(srcH * k), scaled: true };
}

export function decoderArgs(ffmpegPath: string, input: string, g: RenderGeometry): string[] {
  // scaling in the decoder (bilinear) keeps a 1080p source's pixels off the pipe when 720p is asked for
  const vf = g.scaled ? ['-vf', `scale=${g.width}:${g.height}:flags=bilinear`] : [];
  return [
    '-v',
    'error',
    '-nostdin',
    '-i',
    input,
    '-map',
    '0:v:0',
    ...vf,
    ...passthrough(ffmpegPath),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    'pipe:1',
  ];
}

export interface EncodeOptions {
  preset: VideoSettings['render_preset'];
  crf: number;
  fpsNum: number;
  fpsDen: number;
}

export function encoderArgs(
  ffmpegPath: string,
  input: string,
  output: string,
  g: RenderGeometry,
  o: EncodeOptions,
): string[] {
  return [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-s',
    `${g.width}x${g.height}`,
    '-framerate',
    `${o.fpsNum}/${o.fpsDen}`,
    '-i',
    'pipe:0',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '1:a:0?', // the source's first audio stream, when it has one
    '-c:v',
    'libx264',
    '-preset',
    o.preset,
    '-crf',
    String(o.crf),
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    ...passthrough(ffmpegPath),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}
