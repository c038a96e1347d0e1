// Frame ↔ time arithmetic of the frame-exact player.
// A frame n is presented from n/fps to (n+1)/fps; requestVideoFrameCallback reports its mediaTime = n/fps
// (up to container rounding), so the presented frame is round(mediaTime × fps). Seeking to the middle of a
// frame, (n + 0.5)/fps, lands on frame n whatever the decoder's rounding.
import { DEFAULT_FPS } from '../../../domain/constants';

export function safeFps(fps: number | null | undefined): number {
  return fps && Number.isFinite(fps) && fps > 0 ? fps : DEFAULT_FPS;
}

/** Frame presented at a media time (from requestVideoFrameCallback metadata.mediaTime). */
export function frameAtMediaTime(mediaTime: number, fps: number): number {
  return Math.max(0, Math.round(mediaTime * safeFps(fps)));
}

/** Frame containing a playback time (currentTime): used only when no presented-frame callback exists. */
export function frameAtTime(time: number, fps: number): number {
  return Math.max(0, Math.floor(time * safeFps(fps) + 1e-6));
}

/** The currentTime to seek to for frame n: the middle of the frame. */
export function seekTimeForFrame(frame: number, fps: number): number {
  return (Math.max(0, frame) + 0.5) / safeFps(fps);
}

export function clampFrame(frame: number, totalFrames: number): number {
  const last = Math.max(0, totalFrames - 1);
  return Math.min(last, Math.max(0, Math.round(frame)));
}

/** m:ss.t — minutes, seconds and tenths. Tenths are truncated, never rounded up to 60. */
export function formatClock(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const tenthsTotal = Math.floor(s * 10 + 1e-6);
  const m = Math.floor(tenthsTotal / 600);
  const rest = tenthsTotal - m * 600;
  const sec = Math.floor(rest / 10);
  return `${m}:${String(sec).padStart(2, '0')}.${rest % 10}`;
}

export type EntryUnit = 'time' | 'frame';

/**
 * Time/Frame entry: seconds, or a frame number at the video's fps. Non-numeric input is
 * ignored (null). Returns the target frame, clamped to the video.
 */
export function parseEntry(input: string, unit: EntryUnit, fps: number, totalFrames: number): number | null {
  const text = input.trim();
  if (!/^[+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  const frame = unit === 'frame' ? Math.round(value) : Math.floor(value * safeFps(fps) + 1e-6);
  return clampFrame(frame, totalFrames);
}
