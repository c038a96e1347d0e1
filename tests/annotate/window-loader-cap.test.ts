// The server answers a detection window in parts when it is larger than its size cap (whole frames up to
// the cap; the answer's `to` says where it stopped): the editor's loader asks for the rest, so a block of a
// crowded video holds every box, not just the first part.
import { describe, expect, it } from 'vitest';
import {
  decodeDetectionWindow,
  encodeDetectionWindow,
  joinWindows,
  type DetectionRow,
} from '../../domain/detection-window';
import { BLOCK_FRAMES, WindowLoader, docFromSummary } from '../../src/annotate/loader/window-loader';
import { fetchWholeWindow } from '../../src/annotate/loader/whole-window';
import type { EditorDoc } from '../../src/annotate/document/types';
import type { AnnotationSummary } from '../../src/api/annotate';
import { frameAt, framesOf } from '../../src/annotate/document/frame-blocks';

const TRACKS = [1, 2, 3, 4, 5];
const row = (track: number, frame: number): DetectionRow => ({
  track_id: track,
  frame,
  x1: 0.1,
  y1: 0.2,
  x2: 0.3 + track / 100,
  y2: 0.4,
  confidence: 0.5,
  keypoints: Array.from({ length: 51 }, (_, i) => (i + frame) / 1000),
  human: false,
  version: frame + 1,
  keypoint_visibility: track === 2 ? Array.from({ length: 17 }, () => 1) : null,
});
const toBuffer = (u8: Uint8Array) => u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength) as ArrayBuffer;

/** A server that answers at most `cap` rows, in whole frames, as window-cap.ts does. */
function cappedServer(cap: number) {
  const asked: Array<[number, number]> = [];
  const fetchWindow = async (_id: number, from: number, to: number) => {
    asked.push([from, to]);
    const frames = Math.max(1, Math.floor(cap / TRACKS.length));
    const stop = Math.min(to, from + frames);
    const rows: DetectionRow[] = [];
    for (let f = from; f < stop; f++) for (const t of TRACKS) rows.push(row(t, f));
    return decodeDetectionWindow(toBuffer(encodeDetectionWindow(from, stop, rows)));
  };
  return { asked, fetchWindow };
}

const summary: AnnotationSummary = {
  video_info: { id: 7, filename: 'a.mp4', width: 640, height: 360, fps: 30, duration: 100, total_frames: 3000 },
  tracks: TRACKS.map((t) => ({ track_id: t, first_frame: 0, last_frame: 2999, version: 1, human_made: false })),
  action_segments: [],
  relationships: [],
  max_window_frames: 2000,
};

describe('a detection window the server answers in parts', () => {
  it('the loader asks for the rest: the block holds every frame of every track', async () => {
    const server = cappedServer(TRACKS.length * 40); // 40 frames per answer
    let doc: EditorDoc | null = docFromSummary(7, summary);
    const loader = new WindowLoader(7, 3000, server.fetchWindow, {
      getDoc: () => doc,
      publishDoc: (d) => {
        doc = d;
      },
      editing: () => true,
    });
    await loader.ensure(BLOCK_FRAMES + 10);
    const from = BLOCK_FRAMES;
    const to = 2 * BLOCK_FRAMES;
    expect(server.asked.filter(([, end]) => end === to)).toEqual([
      [from, to],
      [from + 40, to],
      [from + 80, to],
      [from + 120, to],
    ]);
    expect(loader.isLoaded(from)).toBe(true);
    for (const t of TRACKS)
      expect(framesOf(doc!.detections[t]).filter(([f]) => f >= from && f < to)).toHaveLength(BLOCK_FRAMES);
    expect(frameAt(doc!.detections[3], to - 1)?.version).toBe(to);
    expect(frameAt(doc!.detections[2], from + 45)?.visibility).toEqual(new Uint8Array(17).fill(1));
    loader.dispose();
  });

  it('the parts joined are the window the server would have sent whole', async () => {
    const whole = await cappedServer(1_000_000).fetchWindow(7, 10, 70);
    const joined = await fetchWholeWindow(cappedServer(TRACKS.length * 7).fetchWindow, 7, 10, 70);
    expect(joined).toEqual(whole);
  });

  it('parts that do not follow each other are refused', async () => {
    const a = await cappedServer(10).fetchWindow(7, 0, 2);
    const b = await cappedServer(10).fetchWindow(7, 3, 5);
    expect(() => joinWindows([a, b])).toThrow(/do not follow/);
  });
});
