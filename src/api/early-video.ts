// The video element an early-fetch entry (index.html) creates on a direct visit of the Annotate screen,
// so the browser reads and decodes the first frame while the app is still being evaluated and rendered.
// The player adopts it when it shows the same source (once, and only while fresh); an element nobody
// takes is emptied, which stops its download.

interface EarlyVideo {
  at: number;
  src: string;
  video: HTMLVideoElement;
}
let early: EarlyVideo | null = null;
/** An element older than this is not adopted (the page stayed on its loading state for long). */
const FRESH_MS = 10_000;

/** The attributes the player's video element always has (the early one gets them before its source). */
export function prepareVideoElement(video: HTMLVideoElement): HTMLVideoElement {
  video.preload = 'auto';
  video.playsInline = true;
  video.crossOrigin = 'anonymous';
  return video;
}

export function startEarlyVideo(src: string): void {
  const video = prepareVideoElement(document.createElement('video'));
  video.src = src;
  early = { at: Date.now(), src, video };
}

/** Empties an element so it stops downloading (one that is dropped would load on until collected). */
export function releaseVideo(video: HTMLVideoElement): void {
  video.removeAttribute('src');
  video.load();
}

/** The early element of `src` if there is a fresh one; any other early element is released. */
export function takeEarlyVideo(src: string): HTMLVideoElement | null {
  const e = early;
  early = null;
  if (!e) return null;
  if (e.src !== src || Date.now() - e.at > FRESH_MS) {
    releaseVideo(e.video);
    return null;
  }
  return e.video;
}
