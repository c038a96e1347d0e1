// Loads the editor document: the summary first (tracks, segments, video info), then detection windows of
// BLOCK_FRAMES around the playhead, merged into the document as they arrive (reason 'detections-loaded').
// In view mode at most MAX_BLOCKS stay loaded (furthest from the playhead dropped); in edit mode nothing is
// dropped, because undo patches may point into any loaded frame.
import type { AnnotationSummary } from '../../api/annotate';
import type { DetectionWindow } from '../../../domain/detection-window';
import { VISIBILITY_NONE, WINDOW_KP_FLOATS } from '../../../domain/detection-window';
import type { CompactDetection, EditorDoc, LoadedWindow, TrackFrames } from '../document/types';
import { blockOf, FRAME_BLOCK, type BlockedFrames } from '../document/frame-blocks';
import { fetchWholeWindow } from './whole-window';

/** The document the loader fills (the editor's), and whether edit mode is on (then nothing is evicted). */
export interface LoaderHost {
  getDoc(): EditorDoc | null;
  publishDoc(doc: EditorDoc, reason: 'detections-loaded'): void;
  editing(): boolean;
}

export const BLOCK_FRAMES = FRAME_BLOCK;
export const MAX_BLOCKS = 24;
/** The first request only covers this many frames from the playhead (first frame < 1 s on 1M detections). */
export const FIRST_WINDOW_FRAMES = 30;

export function docFromSummary(videoId: number, s: AnnotationSummary): EditorDoc {
  const trackRanges: EditorDoc['trackRanges'] = {};
  const trackVersions: Record<number, number> = {};
  for (const t of s.tracks) {
    trackRanges[t.track_id] = { first: t.first_frame, last: t.last_frame };
    if (typeof t.version === 'number') trackVersions[t.track_id] = t.version;
  }
  return {
    videoId,
    info: s.video_info,
    trackIds: s.tracks.map((t) => t.track_id),
    trackRanges,
    trackVersions,
    segments: s.action_segments,
    relationships: s.relationships,
    detections: {},
    windows: [],
  };
}

/** The window's per-row source byte (the decode calls it `human`) as a kind: 0 ai, 1 keyframe, 2 interpolated, 3 outside. */
const SOURCE_OF_BYTE: readonly CompactDetection['source'][] = ['ai', 'human', 'interpolated', 'outside'];
export const sourceOfByte = (b: number): CompactDetection['source'] => SOURCE_OF_BYTE[b] ?? 'human';

/** Row `i` of a decoded window as a document detection (keypoints view the window's buffer). */
export function windowDetection(win: DetectionWindow, i: number): CompactDetection {
  const b = i * 5;
  const k = i * WINDOW_KP_FLOATS;
  const hasKp = !Number.isNaN(win.keypoints[k]);
  return {
    x1: win.boxes[b],
    y1: win.boxes[b + 1],
    x2: win.boxes[b + 2],
    y2: win.boxes[b + 3],
    confidence: win.boxes[b + 4],
    keypoints: hasKp ? win.keypoints.subarray(k, k + WINDOW_KP_FLOATS) : null,
    source: sourceOfByte(win.human[i]),
    version: win.versions[i],
    visibility: win.visibility[i * 17] === VISIBILITY_NONE ? null : win.visibility.subarray(i * 17, i * 17 + 17),
  };
}

/**
 * Merges a decoded window into a new document (keypoints are views into the window's buffer: no copy).
 * Only the blocks the window covers get new objects; every track gets them (empty when it has no frame
 * there), so an edit in a loaded block never creates one and its undo never removes loaded frames.
 */
export function mergeWindow(doc: EditorDoc, win: DetectionWindow): EditorDoc {
  const added: Record<number, Record<number, TrackFrames>> = {};
  for (let i = 0; i < win.count; i++) {
    const track = win.tracks[i];
    const frame = win.frames[i];
    const blocks = added[track] ?? (added[track] = {});
    const frames = blocks[blockOf(frame)] ?? (blocks[blockOf(frame)] = {});
    frames[frame] = windowDetection(win, i);
  }
  const trackIds = doc.trackIds.slice();
  for (const key of Object.keys(added)) if (!trackIds.includes(Number(key))) trackIds.push(Number(key));
  trackIds.sort((a, b) => a - b);
  const firstBlock = blockOf(win.from);
  const lastBlock = blockOf(Math.max(win.from, win.to - 1));
  const detections = { ...doc.detections };
  for (const t of trackIds) {
    const blocks: BlockedFrames = { ...detections[t] };
    for (let blk = firstBlock; blk <= lastBlock; blk++) {
      const fresh = added[t]?.[blk];
      // Frames already present (edited in this session, or from a smaller window) win over loaded ones.
      if (fresh) blocks[blk] = blocks[blk] ? { ...fresh, ...blocks[blk] } : fresh;
      else blocks[blk] ??= {};
    }
    detections[t] = blocks;
  }
  // A block replaces the small first-frame windows it covers.
  const windows: LoadedWindow[] = [
    ...doc.windows.filter((w) => !(w.from >= win.from && w.to <= win.to)),
    { from: win.from, to: win.to },
  ].sort((a, b) => a.from - b.from);
  return { ...doc, detections, windows, trackIds: trackIds.length === doc.trackIds.length ? doc.trackIds : trackIds };
}

const overlaps = (w: LoadedWindow, from: number, to: number) => w.from < to && w.to > from;

/** Drops the frames of some windows (view mode only): whole blocks go, a block partly covered is filtered. */
export function dropWindows(doc: EditorDoc, drop: LoadedWindow[]): EditorDoc {
  if (!drop.length) return doc;
  // a frame also held by a window that stays is kept (a small window may overlap a block)
  const kept = doc.windows.filter((w) => !drop.includes(w));
  const gone = (from: number, to: number) => !kept.some((w) => overlaps(w, from, to));
  // what happens to a block, the same for every track: worked out once per block
  const fates = new Map<number, 'keep' | 'drop' | 'filter'>();
  const fateOf = (blk: number) => {
    let fate = fates.get(blk);
    if (!fate) {
      const from = blk * FRAME_BLOCK;
      const to = from + FRAME_BLOCK;
      fate = !drop.some((w) => overlaps(w, from, to))
        ? 'keep'
        : drop.some((w) => w.from <= from && w.to >= to) && gone(from, to)
          ? 'drop'
          : 'filter';
      fates.set(blk, fate);
    }
    return fate;
  };
  const detections: Record<number, BlockedFrames> = {};
  for (const [key, blocks] of Object.entries(doc.detections)) {
    const left: BlockedFrames = {};
    for (const bk of Object.keys(blocks)) {
      const blk = Number(bk);
      const fate = fateOf(blk);
      if (fate === 'keep') {
        left[blk] = blocks[blk];
        continue;
      }
      if (fate === 'drop') continue;
      const frames: TrackFrames = {};
      for (const f of Object.keys(blocks[blk])) {
        const n = Number(f);
        if (!drop.some((w) => overlaps(w, n, n + 1)) || !gone(n, n + 1)) frames[n] = blocks[blk][n];
      }
      left[blk] = frames;
    }
    detections[Number(key)] = left;
  }
  return { ...doc, detections, windows: kept };
}

export type WindowFetcher = (
  videoId: number,
  from: number,
  to: number,
  signal?: AbortSignal,
) => Promise<DetectionWindow>;

export class WindowLoader {
  private pending = new Map<number, { done: Promise<void>; abort: AbortController }>();
  private abort = new AbortController();
  private disposed = false;
  /** The frame of the last ensure(): the direction the playhead moves in. */
  private lastFrame: number | null = null;
  /** Called with the error of a failed window (shown by the page; loading continues for other blocks). */
  onError: (err: unknown) => void = () => {};

  constructor(
    private videoId: number,
    private totalFrames: number,
    private fetchWindow: WindowFetcher,
    private host: LoaderHost,
  ) {}

  private blockLoaded(block: number): boolean {
    const doc = this.host.getDoc();
    const from = block * BLOCK_FRAMES;
    return (
      !!doc && doc.videoId === this.videoId && doc.windows.some((w) => w.from <= from && w.to >= from + BLOCK_FRAMES)
    );
  }

  /**
   * First load: same as ensure(); resolves as soon as the frame's detections are in the document (the
   * small window at the playhead), while the block and its neighbours continue loading.
   */
  start(frame: number): Promise<void> {
    return new Promise((resolve) => {
      void this.ensure(frame, resolve).then(() => resolve());
    });
  }

  /**
   * Resolves when the block holding `frame` is loaded; also prefetches the neighbouring blocks. A jump to
   * a block that is neither loaded nor loading first fetches FIRST_WINDOW_FRAMES at the playhead (one short
   * query) so the frame shows before the whole block arrives.
   */
  ensure(frame: number, onHot?: () => void): Promise<void> {
    const block = Math.max(0, Math.floor(frame / BLOCK_FRAMES));
    const backwards = this.lastFrame !== null && frame < this.lastFrame;
    this.abandonFarFrom(block);
    this.lastFrame = frame;
    const hot =
      !this.blockLoaded(block) && !this.pending.has(block) && !this.covered(frame) ? Math.max(0, frame) : undefined;
    const main = this.loadBlock(block, hot, onHot);
    // Prefetch after the current block so the first frame is not delayed: the next block in the direction
    // the playhead moves (playback or a scrub forwards, a scrub or steps backwards), and the block on the
    // other side only when the playhead is within a quarter block of it.
    const into = frame - block * BLOCK_FRAMES;
    void main.then(() => {
      // the playhead may have jumped on meanwhile: then these neighbours are not wanted any more
      if (this.lastFrame !== null && Math.abs(Math.floor(this.lastFrame / BLOCK_FRAMES) - block) > 1) return;
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
  accept(win: DetectionWindow): void {
    this.merge(win, Math.floor(win.from / BLOCK_FRAMES));
  }

  isLoaded(frame: number): boolean {
    return this.blockLoaded(Math.max(0, Math.floor(frame / BLOCK_FRAMES)));
  }

  private merge(win: DetectionWindow, keepBlock: number): void {
    const doc = this.host.getDoc();
    if (this.disposed || !doc || doc.videoId !== this.videoId) return;
    if (doc.windows.some((w) => w.from <= win.from && w.to >= win.to)) return;
    this.host.publishDoc(this.evict(mergeWindow(doc, win), keepBlock), 'detections-loaded');
  }

  private loadBlock(block: number, hotFrame?: number, onHot?: () => void): Promise<void> {
    const from = block * BLOCK_FRAMES;
    if (this.disposed || block < 0 || (this.totalFrames > 0 && from >= this.totalFrames) || this.blockLoaded(block)) {
      onHot?.();
      return Promise.resolve();
    }
    const existing = this.pending.get(block);
    if (existing) return existing.done;
    const abort = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, abort.signal]);
    const run = async () => {
      if (hotFrame !== undefined) {
        const hot = hotFrame + FIRST_WINDOW_FRAMES;
        this.merge(await fetchWholeWindow(this.fetchWindow, this.videoId, hotFrame, hot, signal), block);
        onHot?.();
      }
      this.merge(await fetchWholeWindow(this.fetchWindow, this.videoId, from, from + BLOCK_FRAMES, signal), block);
    };
    const done = run()
      .catch((err) => {
        if (!this.disposed && !abort.signal.aborted) this.onError(err);
      })
      .finally(() => {
        if (this.pending.get(block)?.abort === abort) this.pending.delete(block);
        onHot?.();
      });
    this.pending.set(block, { done, abort });
    return done;
  }

  /**
   * A jump leaves the loads of far blocks behind: they are cancelled, so their answers are neither
   * waited for nor merged, and requests the browser has not sent yet free their connection slot for
   * the window at the new playhead.
   */
  private abandonFarFrom(block: number): void {
    for (const [b, load] of this.pending) {
      if (Math.abs(b - block) > 1) {
        load.abort.abort();
        this.pending.delete(b);
      }
    }
  }

  private evict(doc: EditorDoc, keepBlock: number): EditorDoc {
    if (this.host.editing() || doc.windows.length <= MAX_BLOCKS) return doc;
    const centre = (keepBlock + 0.5) * BLOCK_FRAMES;
    const byDistance = [...doc.windows].sort((a, b) => Math.abs(b.from - centre) - Math.abs(a.from - centre));
    return dropWindows(doc, byDistance.slice(0, doc.windows.length - MAX_BLOCKS));
  }

  dispose(): void {
    this.disposed = true;
    this.abort.abort();
  }
}
