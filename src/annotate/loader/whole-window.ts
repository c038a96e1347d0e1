// A detection window asked for in as many requests as the server's size cap needs (docs/API.md, windows).
import { joinWindows, type DetectionWindow } from '../../../domain/detection-window';
import type { WindowFetcher } from './window-loader';

/**
 * The window [from, to) however many answers it takes: the server stops an answer at its size cap (on a
 * frame boundary, the answer's `to`), and the rest is asked for from there.
 */
export async function fetchWholeWindow(
  fetchWindow: WindowFetcher,
  videoId: number,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<DetectionWindow> {
  const parts = [await fetchWindow(videoId, from, to, signal)];
  for (let at = parts[0].to; at < to; at = parts[parts.length - 1].to) {
    const part = await fetchWindow(videoId, at, to, signal);
    if (part.to <= at) throw new Error(`The detection window from frame ${at} came back empty-handed`);
    parts.push(part);
  }
  return joinWindows(parts);
}
