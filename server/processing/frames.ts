// ffmpeg decodes the video straight to scaled raw RGB (no image files, no image library): every
// `stride`-th frame, scaled so the long side is the analysis size and padded to multiples of 32.
import { ffmpegRgbFrames } from '../media/ffmpeg-rgb-frames';
import { passthrough } from '../media/ffmpeg-passthrough';
import type { AnalysisGeometry } from './pose-protocol';

/**
 * Analysis size from the `yolo_imgsz` render setting. That setting names the input size of a YOLO-class
 * detector (default 1280); MoveNet Lightning is trained at 192–256 px, so the long side analysed is
 * yolo_imgsz / 5 rounded to a multiple of 32 and kept within 160–512 (1280 → 256, 640 → 128 → 160, 2560 → 512).
 */
export function analysisLongSide(yoloImgsz: number): number {
  const r = Math.round(yoloImgsz / 5 / 32) * 32;
  return Math.min(512, Math.max(160, r || 256));
}

/**
 * Frame size for the top-down mode: the detector letterboxes the frame into 512 × 512 and the keypoint
 * model reads 256 × 256 crops of it, so the frame is decoded larger: long side yolo_imgsz / 2 as a multiple
 * of 32, within 512–1280 (1280 → 640), never above the video's own long side (but at least 512).
 */
export function topDownLongSide(yoloImgsz: number, videoLongSide: number): number {
  const r = Math.round(yoloImgsz / 2 / 32) * 32 || 640;
  return Math.max(512, Math.min(1280, r, Math.ceil(videoLongSide / 32) * 32));
}

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
const ceil32 = (v: number) => Math.ceil(v / 32) * 32;

export function analysisGeometry(width: number, height: number, longSide: number): AnalysisGeometry {
  const landscape = width >= height;
  const scaledW = landscape ? even(longSide) : even((width * longSide) / height);
  const scaledH = landscape ? even((height * longSide) / width) : even(longSide);
  return { scaledW, scaledH, inputW: ceil32(scaledW), inputH: ceil32(scaledH) };
}

export interface DecodedFrame {
  frame: number;
  rgb: Uint8Array;
}

/**
 * Yields frames 0, stride, 2·stride, … (0-based at the video's fps) as RGB of inputW×inputH.
 * Throws with ffmpeg's last error line when decoding fails (corrupt or unreadable file).
 */
export async function* decodeFrames(
  ffmpegPath: string,
  file: string,
  g: AnalysisGeometry,
  stride: number,
  signal?: AbortSignal,
): AsyncGenerator<DecodedFrame> {
  const vf = [
    stride > 1 ? `select='not(mod(n\\,${stride}))'` : null,
    `scale=${g.scaledW}:${g.scaledH}:flags=bilinear`,
    `pad=${g.inputW}:${g.inputH}:0:0:black`,
  ]
    .filter(Boolean)
    .join(',');
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-threads',
    '1',
    '-i',
    file,
    '-map',
    '0:v:0',
    '-vf',
    vf,
    ...passthrough(ffmpegPath),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
  let index = 0;
  for await (const rgb of ffmpegRgbFrames(ffmpegPath, args, g.inputW * g.inputH * 3, signal)) {
    yield { frame: index * stride, rgb };
    index++;
  }
}
