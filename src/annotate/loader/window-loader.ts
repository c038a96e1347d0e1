// Loads the editor document: the summary first (tracks, segments, video info), then detection windows of
// BLOCK_FRAMES around the playhead, merged into the document as they arrive (reason 'detections-loaded').
// In view mode at most MAX_BLOCKS stay loaded (furthest from the playhead dropped); in edit mode nothing is
// dropped, because undo patches may point into any loaded frame.
import type { AnnotationSummary } from '../../api/annotate';
import type { DetectionWindow } from '../../../domain/detection-window';
import { WINDOW_KP_FLOATS } from '../../../domain/detection-window';
import type { CompactDetection, EditorDoc, LoadedWindow, TrackFrames } from '../document/types';

/** The document the loader fills (the editor's), and whether edit mode is on (then nothing is evicted). */
export interface LoaderHost {
  getDoc(): EditorDoc | null;
  publishDoc(doc: EditorDoc, reason: 'detections-loaded'): void;
  editing(): boolean;
}

export const BLOCK_FRAMES = 150;
export const MAX_BLOCKS = 24;
/** The first request only covers this many frames from the playhead (first frame < 1 s on 1M detections). */
export const FIRST_WINDOW_FRAMES = 30;

export function docFromSummary(videoId: number, s: AnnotationSummary): EditorDoc {
  const trackRanges: EditorDoc['trackRanges'] = {};
  for (const t of s.tracks) trackRanges[t.track_id] = { first: t.first_frame, last: t.last_frame };
  return {
    videoId,
    info: s.video_info,
    trackIds: s.tracks.map((t) => t.track_id),
    trackRanges,
    segments: s.action_segments,
    relationships: s.relationships,
    detections: {},
    windows: [],
  };
}

/** Merges a decoded window into a new document (keypoints are views into the window's buffer: no copy). */
export function mergeWindow(doc: EditorDoc, win: DetectionWindow): EditorDoc {
  const added: Record<number, TrackFrames> = {};
  for (let i = 0; i < win.count; i++) {
    const track = win.tracks[i];
    const frames = added[track] ?? (added[track] = {});
    const b = i * 5;
    const k = i * WINDOW_KP_FLOATS;
    const hasKp = !Number.isNaN(win.keypoints[k]);
    const det: CompactDetection = {
      x1: win.boxes[b], y1: win.boxes[b + 1], x2: win.boxes[b + 2], y2: win.boxes[b + 3], confidence: win.boxes[b + 4],
      keypoints: hasKp ? win.keypoints.subarray(k, k + WINDOW_KP_FLOATS) : null,
      source: win.human[i] ? 'human' : 'ai',
    };
    frames[win.frames[i]] = det;
  }
  const detections = { ...doc.detections };
  for (const key of Object.keys(added)) {
    const t = Number(key);
    // Frames already present (edited in this session) win over freshly loaded ones.
    detections[t] = { ...added[t], ...detections[t] };
  }
  const trackIds = doc.trackIds.slice();
  for (const key of Object.keys(added)) if (!trackIds.includes(Number(key))) trackIds.push(Number(key));
  trackIds.sort((a, b) => a - b);
  // A block replaces the small first-frame windows it covers.
  const windows: LoadedWindow[] = [...doc.windows.filter((w) => !(w.from >= win.from && w.to <= win.to)), { from: win.from, to: win.to }]
    .sort((a, b) => a.from - b.from);
  return { ...doc, detections, windows, trackIds: trackIds.length === doc.trackIds.length ? doc.trackIds : trackIds };
}

/** Drops the frames of some windows (view mode only). */
export function dropWindows(doc: EditorDoc, drop: LoadedWindow[]): EditorDoc {
  if (!drop.length) return doc;
  const inDropped = (f: number) => drop.some((w) => f >= w.from && f < w.to);
  const detections: Record<number, TrackFrames> = {};
  for (const [key, frames] of Object.entries(doc.detections)) {
    const kept: TrackFrames = {};
    for (const f of Object.keys(frames)) { const n = Number(f); if (!inDropped(n)) kept[n] = frames[n]; }
    detections[Number(key)] = kept;
  }
  return { ...doc, detections, windows: doc.windows.filter((w) => !drop.includes(w)) };
}

export type WindowFetcher = (videoId: number, from: number, to: number, signal?: AbortSignal) => Promise<DetectionWindow>;

export class WindowLoader {
  private pending = new Map<number, Promise<void>>();
  private abort = new AbortController();
  private disposed = false;
  /** The frame of the last ensure(): the direction the playhead moves in. */
  private lastFrame: number | null = null;
  /** Called with the error of a failed window (shown by the page; loading continues for other blocks). */
  onError: (err: unknown) => void = () => {};

  constructor(private videoId: number, private totalFrames: number, private fetchWindow: WindowFetcher, private host: LoaderHost) {}

  private blockLoaded(block: number): boolean {
    const doc = this.host.getDoc();
    const from = block * BLOCK_FRAMES;
    return !!doc && doc.videoId === this.videoId && doc.windows.some((w) => w.from <= from && w.to >= from + BLOCK_FRAMES);
  }

  /**
   * First load: same as ensure(); resolves as soon as the frame's detections are in the document (the
   * small window at the playhead), while the block and its neighbours continue loading.
   */
  start(frame: number): Promise<void> {
    return new Promise((resolve) => { void this.ensure(frame, resolve).then(() => resolve()); });
  }

  /**
   * Resolves when the block holding `frame` is loaded; also prefetches the neighbouring blocks. A jump to
   * a block that is neither loaded nor loading first fetches FIRST_WINDOW_FRAMES at the playhead (one short
   * query) so the frame shows before the whole block arrives.
   */
  ensure(frame: number, onHot?: () => void): Promise<void> {
    const block = Math.max(0, Math.floor(frame / BLOCK_FRAMES));
    const backwards = this.lastFrame !== null && frame < this.lastFrame;
    this.lastFrame = frame;
    const hot = !this.blockLoaded(block) && !this.pending.has(block) && !this.covered(frame) ? Math.max(0, frame) : undefined;
    const main = this.loadBlock(block, hot, onHot);
    // Prefetch after the current block so the first frame is not delayed: the next block in the direction
    // the playhead moves (playback or a scrub forwards, a scrub or steps backwards), and the block on the
    // other side only when the playhead is within a quarter block of it.
    const into = frame - block * BLOCK_FRAMES;
    void main.then(() => {
      void this.loadBlock(backwards ? block - 1 : block + 1);
      if (!backwards && into < BLOCK_FRAMES / 4) void this.loadBlock(block - 1);
      if (backwards && into >= (BLOCK_FRAMES * 3) / 4) void this.loadBlock(block + 1);
    });
    return main;
  }

  /** True when a loaded window (block or small) holds `frame`. */
  covered(frame: number): boolean {
    const doc = this.host.getDoc();
    return !!doc && doc.videoId === this.videoId && doc.windows.some((w) => w.from <= frame && frame < w.to);
  }

  /** Merges a window fetched by someone else (the page fetches the first one together with the summary). */
  accept(win: DetectionWindow): void { this.merge(win, Math.floor(win.from / BLOCK_FRAMES)); }

  isLoaded(frame: number): boolean { return this.blockLoaded(Math.max(0, Math.floor(frame / BLOCK_FRAMES))); }

  private merge(win: DetectionWindow, keepBlock: number): void {
    const doc = this.host.getDoc();
    if (this.disposed || !doc || doc.videoId !== this.videoId) return;
    if (doc.windows.some((w) => w.from <= win.from && w.to >= win.to)) return;
    this.host.publishDoc(this.evict(mergeWindow(doc, win), keepBlock), 'detections-loaded');
  }

  private loadBlock(block: number, hotFrame?: number, onHot?: () => void): Promise<void> {
    const from = block * BLOCK_FRAMES;
    if (this.disposed || block < 0 || (this.totalFrames > 0 && from >= this.totalFrames) || this.blockLoaded(block)) { onHot?.(); return Promise.resolve(); }
    const existing = this.pending.get(block);
    if (existing) return existing;
    const run = async () => {
      if (hotFrame !== undefined) {
        this.merge(await this.fetchWindow(this.videoId, hotFrame, hotFrame + FIRST_WINDOW_FRAMES, this.abort.signal), block);
        onHot?.();
      }
      this.merge(await this.fetchWindow(this.videoId, from, from + BLOCK_FRAMES, this.abort.signal), block);
    };
    const p = run()
      .catch((err) => { if (!this.disposed) this.onError(err); })
      .finally(() => { this.pending.delete(block); onHot?.(); });
    this.pending.set(block, p);
    return p;
  }

  private evict(doc: EditorDoc, keepBlock: number): EditorDoc {
    if (this.host.editing() || doc.windows.length <= MAX_BLOCKS) return doc;
    const centre = (keepBlock + 0.5) * BLOCK_FRAMES;
    const byDistance = [...doc.windows].sort((a, b) => Math.abs(b.from - centre) - Math.abs(a.from - centre));
    return dropWindows(doc, byDistance.slice(0, doc.windows.length - MAX_BLOCKS));
  }

  dispose(): void { this.disposed = true; this.abort.abort(); }
}
