import { describe, expect, it } from 'vitest';
import { decodeDetectionWindow, encodeDetectionWindow, type DetectionRow } from '../../domain/detection-window';
import {
  BLOCK_FRAMES,
  FIRST_WINDOW_FRAMES,
  MAX_BLOCKS,
  WindowLoader,
  docFromSummary,
  dropWindows,
  mergeWindow,
  sourceOfByte,
  windowDetection,
} from '../../src/annotate/loader/window-loader';
import type { EditorDoc } from '../../src/annotate/document/types';
import type { AnnotationSummary } from '../../src/api/annotate';
import { frameAt, framesOf } from '../../src/annotate/document/frame-blocks';

const kp = (x: number) => Array.from({ length: 51 }, (_, i) => (i % 3 === 2 ? 0.9 : x));
const rows = (from: number, to: number, tracks: number[]): DetectionRow[] => {
  const out: DetectionRow[] = [];
  for (let f = from; f < to; f++)
    for (const t of tracks)
      out.push({
        track_id: t,
        frame: f,
        x1: 0.1,
        y1: 0.2,
        x2: 0.3,
        y2: 0.4,
        confidence: 0.5,
        keypoints: kp(0.2),
        human: t === 2,
        version: t + f,
      });
  return out;
};
const toBuffer = (u8: Uint8Array) => u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength) as ArrayBuffer;
const summary: AnnotationSummary = {
  video_info: {
    id: 7,
    filename: 'a.mp4',
    width: 640,
    height: 360,
    fps: 30,
    duration: 100,
    total_frames: 3000,
    frame_stride: 1,
  },
  tracks: [
    { track_id: 1, first_frame: 0, last_frame: 2999, version: 1, human_made: false },
    { track_id: 2, first_frame: 0, last_frame: 2999, version: 1, human_made: false },
  ],
  action_segments: [],
  relationships: [],
  max_window_frames: 2000,
};

/** The loader's host: a document and the edit-mode switch (the editor's, in the app). */
function host() {
  let doc: EditorDoc | null = null;
  let editing = false;
  return {
    getDoc: () => doc,
    publishDoc: (d: EditorDoc) => {
      doc = d;
    },
    editing: () => editing,
    setDoc: (d: EditorDoc) => {
      doc = d;
    },
    edit: () => {
      editing = true;
    },
  };
}

describe('detection window wire format', () => {
  it('round-trips boxes, keypoints, sources and tolerates detections without keypoints', () => {
    const input = rows(10, 12, [1, 2]);
    input[0] = { ...input[0], keypoints: null };
    const win = decodeDetectionWindow(toBuffer(encodeDetectionWindow(10, 12, input)));
    expect(win).toMatchObject({ from: 10, to: 12, count: 4 });
    expect(Array.from(win.tracks)).toEqual([1, 2, 1, 2]);
    expect(Array.from(win.frames)).toEqual([10, 10, 11, 11]);
    expect(Array.from(win.versions)).toEqual(input.map((r) => r.version));
    expect(win.boxes[4]).toBeCloseTo(0.5);
    expect(Number.isNaN(win.keypoints[0])).toBe(true);
    expect(win.keypoints[51]).toBeCloseTo(0.2);
    expect(Array.from(win.human)).toEqual([0, 1, 0, 1]);
  });

  it('rejects a buffer that is not a detection window', () => {
    expect(() => decodeDetectionWindow(new ArrayBuffer(28))).toThrow(/bad magic/);
  });
});

describe('editor document windows', () => {
  it('merges a window into per-track frames and keeps frames already in the document', () => {
    let doc = docFromSummary(7, summary);
    doc = mergeWindow(doc, decodeDetectionWindow(toBuffer(encodeDetectionWindow(0, 2, rows(0, 2, [1, 2])))));
    const edited = { ...frameAt(doc.detections[1], 1)!, x1: 0.01, source: 'human' as const };
    doc = {
      ...doc,
      detections: { ...doc.detections, 1: { ...doc.detections[1], 0: { ...doc.detections[1][0], 1: edited } } },
    };
    doc = mergeWindow(doc, decodeDetectionWindow(toBuffer(encodeDetectionWindow(0, 4, rows(0, 4, [1, 2])))));
    expect(framesOf(doc.detections[1]).map(([f]) => f)).toEqual([0, 1, 2, 3]);
    expect(frameAt(doc.detections[2], 3)?.version).toBe(5); // each detection keeps the version it was read at
    expect(frameAt(doc.detections[1], 1)).toBe(edited);
    expect(frameAt(doc.detections[2], 0)!.source).toBe('human');
    expect(frameAt(doc.detections[1], 0)!.keypoints).toHaveLength(51);
    // The block replaced the small window it covers.
    expect(doc.windows).toEqual([{ from: 0, to: 4 }]);
    const dropped = dropWindows(doc, [doc.windows[0]]);
    expect(framesOf(dropped.detections[1])).toEqual([]);
    expect(dropped.windows).toEqual([]);
  });

  it('a merge replaces only the blocks it covers; a window across a block edge fills both, a drop keeps the rest', () => {
    let doc = docFromSummary(7, summary);
    doc = mergeWindow(
      doc,
      decodeDetectionWindow(toBuffer(encodeDetectionWindow(0, BLOCK_FRAMES, rows(0, BLOCK_FRAMES, [1, 2])))),
    );
    const firstBlock = doc.detections[1][0];
    // a small window across the edge of blocks 2 and 3 (frames 290..309), then block 3 itself
    doc = mergeWindow(doc, decodeDetectionWindow(toBuffer(encodeDetectionWindow(290, 310, rows(290, 310, [1, 2])))));
    expect(doc.detections[1][0]).toBe(firstBlock);
    expect(frameAt(doc.detections[1], 299)).toBeDefined();
    expect(frameAt(doc.detections[1], 300)).toBeDefined();
    doc = mergeWindow(doc, decodeDetectionWindow(toBuffer(encodeDetectionWindow(300, 450, rows(300, 450, [1])))));
    expect(doc.detections[1][0]).toBe(firstBlock);
    expect(framesOf(doc.detections[1]).length).toBe(BLOCK_FRAMES + 10 + BLOCK_FRAMES);
    // track 2 has no frame in 310..449 but still gets the (empty) objects of the blocks loaded
    expect(Object.keys(doc.detections[2][2])).toHaveLength(10);
    expect(frameAt(doc.detections[2], 320)).toBeUndefined();
    const dropped = dropWindows(
      doc,
      doc.windows.filter((w) => w.from === 290),
    );
    expect(frameAt(dropped.detections[1], 295)).toBeUndefined();
    expect(frameAt(dropped.detections[1], 305)).toBeDefined();
    expect(dropped.detections[1][0]).toBe(firstBlock);
  });

  it('loads a small first window, then the block and its neighbour; evicts far blocks only in view mode', async () => {
    const asked: [number, number][] = [];
    const fetcher = async (_id: number, from: number, to: number) => {
      asked.push([from, to]);
      return decodeDetectionWindow(toBuffer(encodeDetectionWindow(from, to, rows(from, Math.min(to, from + 2), [1]))));
    };
    const h = host();
    h.setDoc(docFromSummary(7, summary));
    const getDoc = h.getDoc;
    const loader = new WindowLoader(7, 300 * 100, fetcher, h);
    await loader.start(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(asked.slice(0, 3)).toEqual([
      [0, FIRST_WINDOW_FRAMES],
      [0, BLOCK_FRAMES],
      [BLOCK_FRAMES, 2 * BLOCK_FRAMES],
    ]);
    expect(loader.isLoaded(0)).toBe(true);
    for (let b = 2; b < MAX_BLOCKS + 4; b++) await loader.ensure(b * BLOCK_FRAMES);
    await new Promise((r) => setTimeout(r, 0));
    expect(getDoc()!.windows.length).toBeLessThanOrEqual(MAX_BLOCKS);
    expect(loader.isLoaded(0)).toBe(false);
    h.edit();
    const before = getDoc()!.windows.length;
    await loader.ensure(0);
    expect(getDoc()!.windows.length).toBe(before + 1);
    loader.dispose();
  });

  it('prefetches the next block in the direction the playhead moves', async () => {
    const asked: number[] = [];
    const fetcher = async (_id: number, from: number, to: number) => {
      if (to - from === BLOCK_FRAMES) asked.push(from / BLOCK_FRAMES);
      return decodeDetectionWindow(toBuffer(encodeDetectionWindow(from, to, rows(from, from + 1, [1]))));
    };
    const h = host();
    h.setDoc(docFromSummary(7, summary));
    const loader = new WindowLoader(7, BLOCK_FRAMES * 100, fetcher, h);
    const settle = () => new Promise((r) => setTimeout(r, 0));
    // forwards from the middle of block 10: block 11 ahead, nothing behind
    await loader.ensure(10 * BLOCK_FRAMES + 70);
    await settle();
    expect(asked).toEqual([10, 11]);
    // a scrub backwards into the middle of block 40: block 39 ahead of it, not 41
    asked.length = 0;
    await loader.ensure(40 * BLOCK_FRAMES + 70);
    await loader.ensure(40 * BLOCK_FRAMES + 60);
    await settle();
    asked.length = 0;
    await loader.ensure(30 * BLOCK_FRAMES + 70);
    await settle();
    expect(asked).toEqual([30, 29]);
    // backwards near the end of a block: its later neighbour too
    asked.length = 0;
    await loader.ensure(20 * BLOCK_FRAMES + BLOCK_FRAMES - 5);
    await settle();
    expect(asked).toEqual([20, 19, 21]);
    loader.dispose();
  });
  it('a jump cancels the loads of blocks the playhead left, without reporting an error, and shows the new frame', async () => {
    const cancelled: number[] = [];
    const errors: unknown[] = [];
    const fetcher = (_id: number, from: number, to: number, signal?: AbortSignal) =>
      new Promise<ReturnType<typeof decodeDetectionWindow>>((resolve, reject) => {
        // block 5 never answers by itself: only its cancellation ends it
        if (from >= 5 * BLOCK_FRAMES && from < 6 * BLOCK_FRAMES) {
          signal?.addEventListener('abort', () => {
            cancelled.push(from);
            reject(new DOMException('aborted', 'AbortError'));
          });
          return;
        }
        resolve(decodeDetectionWindow(toBuffer(encodeDetectionWindow(from, to, rows(from, to, [1])))));
      });
    const h = host();
    h.setDoc(docFromSummary(7, summary));
    const loader = new WindowLoader(7, BLOCK_FRAMES * 100, fetcher, h);
    loader.onError = (e) => errors.push(e);
    const stuck = loader.ensure(5 * BLOCK_FRAMES + 10);
    await loader.ensure(50 * BLOCK_FRAMES + 10);
    await stuck;
    expect(cancelled).toEqual([5 * BLOCK_FRAMES + 10]);
    expect(errors).toEqual([]);
    expect(loader.covered(50 * BLOCK_FRAMES + 10)).toBe(true);
    expect(loader.covered(5 * BLOCK_FRAMES + 10)).toBe(false);
    loader.dispose();
  });
});

describe('correction fields of the document', () => {
  it("reads the window's source byte as a kind (0 ai, 1 keyframe, 2 interpolated, 3 outside) and the summary's track versions", () => {
    expect([0, 1, 2, 3].map(sourceOfByte)).toEqual(['ai', 'human', 'interpolated', 'outside']);
    const win = decodeDetectionWindow(toBuffer(encodeDetectionWindow(0, 1, rows(0, 1, [1, 2]))));
    win.human[0] = 3;
    expect(windowDetection(win, 0).source).toBe('outside');
    expect(windowDetection(win, 1).source).toBe('human');
    const doc = docFromSummary(7, {
      ...summary,
      tracks: [
        { track_id: 1, first_frame: 0, last_frame: 9, version: 4, human_made: false },
        { track_id: 2, first_frame: 0, last_frame: 9, version: 1, human_made: false },
      ],
    });
    expect(doc.trackVersions).toEqual({ 1: 4, 2: 1 });
  });
});
