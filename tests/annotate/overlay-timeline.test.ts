// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { activeAction, collectOverlay, drawOverlay } from '../../domain/overlay/draw';
import { drawTimeline, hitTest, tickStep, AXIS_H, ROW_H } from '../../src/annotate/timeline/timeline-draw';
import { emptyDoc, type CompactDetection, type EditorDoc } from '../../src/annotate/document/types';
import type { ActionSegment } from '../../domain/types';
import { shownAt } from '../../src/annotate/document/interpolate';
import { toBlocked } from '../../src/annotate/document/frame-blocks';
import { drawKeyframeMarks, keyframeMarks } from '../../src/annotate/timeline/keyframe-marks';

const det = (x: number, withKp = true): CompactDetection => ({
  x1: x,
  y1: 0.1,
  x2: x + 0.2,
  y2: 0.9,
  confidence: 0.87,
  source: 'ai',
  keypoints: withKp
    ? new Float32Array(Array.from({ length: 51 }, (_, i) => (i % 3 === 2 ? (i === 2 ? 0.05 : 0.9) : 0.5)))
    : null,
});
const seg = (id: number, track: number, start: number, end: number, cls = 'run'): ActionSegment => ({
  id,
  track_id: track,
  action_class: cls as ActionSegment['action_class'],
  start_time: start,
  end_time: end,
  confidence: 0.7,
  human_verified: false,
});

function doc(): EditorDoc {
  const d = emptyDoc(1, {
    id: 1,
    filename: 'a.mp4',
    width: 640,
    height: 360,
    fps: 30,
    duration: 10,
    total_frames: 300,
    frame_stride: 1,
  });
  return {
    ...d,
    trackIds: [1, 2, 3],
    detections: { 1: toBlocked({ 5: det(0.1) }), 2: toBlocked({ 5: det(0.4, false) }), 3: toBlocked({ 6: det(0.7) }) },
    segments: [seg(10, 1, 0, 2, 'run'), seg(11, 1, 0.1, 1, 'jump'), seg(12, 2, 4, 6, 'sit')],
  };
}
const ctx = () => document.createElement('canvas').getContext('2d')!;
const all = { boxes: true, skeletons: true, keypoints: true, confidence: true };

describe('overlay', () => {
  it('collects the tracks present at a frame with their active action, skipping hidden tracks', () => {
    const items = collectOverlay(doc(), 5 / 30, [], shownAt(doc(), { interpolation: true }, 5));
    expect(items.map((i) => [i.trackId, i.action])).toEqual([
      [1, 'jump'],
      [2, null],
    ]);
    expect(
      collectOverlay(doc(), 5 / 30, [1], shownAt(doc(), { interpolation: true }, 5)).map((i) => i.trackId),
    ).toEqual([2]);
  });

  it('picks the latest-starting active segment and none outside all segments', () => {
    expect(activeAction(doc().segments, 1.5)).toBe('run');
    expect(activeAction(doc().segments, 3)).toBeNull();
  });

  it('draws a box and label per track, limbs and points only above the score threshold, honouring toggles', () => {
    const items = collectOverlay(doc(), 0.5, [], shownAt(doc(), { interpolation: true }, 5));
    // Keypoint 0 (nose) has score 0.05: 16 points drawn, and its 2 limbs (to the eyes) are skipped.
    expect(drawOverlay(ctx(), items, 640, 360, all)).toMatchObject({
      boxes: 2,
      keypoints: 16,
      lines: 14,
      trackIds: [1, 2],
    });
    expect(drawOverlay(ctx(), items, 640, 360, { ...all, boxes: false, skeletons: false })).toMatchObject({
      boxes: 0,
      keypoints: 16,
      lines: 0,
    });
    const c = ctx();
    const texts: string[] = [];
    const orig = c.fillText.bind(c);
    c.fillText = (t: string, x: number, y: number) => {
      texts.push(t);
      orig(t, x, y);
    };
    drawOverlay(c, items, 640, 360, all);
    expect(texts).toEqual(['Track 1 87% jump', 'Track 2 87%']);
    texts.length = 0;
    drawOverlay(c, items, 640, 360, { ...all, confidence: false });
    expect(texts).toEqual(['Track 1 jump', 'Track 2']);
  });
});

describe('timeline', () => {
  const layout = { width: 1000, duration: 10, trackIds: [1, 2, 3] };
  const bars = { segments: doc().segments, hidden: [] as number[], selectedSegmentId: null };

  it('draws every bar of visible tracks only', () => {
    expect(drawTimeline(ctx(), layout, bars)).toBe(3);
    expect(drawTimeline(ctx(), layout, { ...bars, hidden: [1] })).toBe(1);
  });

  it('draws presence bands where tracks have detections, hatches low confidence, and merges runs closer than a pixel', () => {
    // 10 s at 30 fps over 1000 px: 3.33 px per frame
    const presence = new Map([
      [1, { runs: [0, 29, 60, 119], low: [70, 80] }],
      [2, { runs: [0, 0, 1, 1, 2, 2], low: [] }],
      [3, { runs: [0, 299], low: [] }],
    ]);
    const out = { bands: 0, low: 0 };
    drawTimeline(ctx(), layout, { ...bars, presence, fps: 30 }, out);
    // track 1: two bands (the gap stays empty), one hatch; track 2's touching runs are one rectangle; track 3 one
    expect(out).toEqual({ bands: 4, low: 1 });
    drawTimeline(ctx(), layout, { ...bars, hidden: [1], presence, fps: 30 }, out);
    expect(out).toEqual({ bands: 2, low: 0 });
  });

  it('draws only the rows in view when the rows scroll', () => {
    const many = {
      width: 1000,
      duration: 10,
      trackIds: Array.from({ length: 100 }, (_, i) => i + 1),
      viewHeight: 20 + 3 * 22,
    };
    const segs = many.trackIds.map((t) => ({
      id: t,
      track_id: t,
      action_class: 'run' as const,
      start_time: 1,
      end_time: 2,
      confidence: 0.7,
      human_verified: false,
    }));
    const state = { segments: segs, hidden: [] as number[], selectedSegmentId: null };
    // 3 rows fit; one partial row on each side is drawn so scrolling never shows a gap.
    expect(drawTimeline(ctx(), { ...many, scrollY: 0 }, state)).toBe(4);
    expect(drawTimeline(ctx(), { ...many, scrollY: 22 * 50 }, state)).toBe(5);
    expect(drawTimeline(ctx(), { ...many, viewHeight: undefined }, state)).toBe(100);
  });

  it('hit-tests bars by row and time, with edges for resizing', () => {
    const y2 = AXIS_H + ROW_H + ROW_H / 2;
    expect(hitTest(layout, bars, 500, y2)).toMatchObject({ trackId: 2, segment: { id: 12 }, part: 'body' });
    expect(hitTest(layout, bars, 401, y2)).toMatchObject({ segment: { id: 12 }, part: 'start' });
    expect(hitTest(layout, bars, 599, y2)).toMatchObject({ segment: { id: 12 }, part: 'end' });
    expect(hitTest(layout, bars, 700, y2)).toMatchObject({ trackId: 2, segment: null, time: 7 });
    expect(hitTest(layout, { ...bars, hidden: [2] }, 500, y2).segment).toBeNull();
    expect(hitTest(layout, bars, 500, 5)).toMatchObject({ trackId: null, segment: null, time: 5 });
  });

  it('spaces grid ticks at least ~70 px apart', () => {
    expect(tickStep(10, 1000)).toBe(1);
    expect(tickStep(1800, 1200)).toBe(120);
  });
});

describe('timeline keyframe marks', () => {
  it('marks each keyframe (human or outside) of the loaded frames, and draws one diamond per row position', () => {
    const d = doc();
    d.detections[1] = toBlocked({
      0: { ...det(0.1), source: 'human' },
      1: { ...det(0.1), source: 'interpolated' },
      2: { ...det(0.1), source: 'human' },
      90: { ...det(0.1), source: 'outside' },
    });
    const marks = keyframeMarks(d);
    expect([...marks.entries()]).toEqual([
      [
        1,
        [
          { frame: 0, outside: false },
          { frame: 2, outside: false },
          { frame: 90, outside: true },
        ],
      ],
    ]);
    const rows = {
      trackIds: d.trackIds,
      first: 0,
      last: 2,
      rowY: (r: number) => AXIS_H + r * ROW_H,
      rowH: ROW_H,
      hidden: [] as number[],
    };
    // 10 px per frame: three diamonds; at 0.5 px per frame frames 0 and 2 share one
    expect(drawKeyframeMarks(ctx(), marks, rows, 10)).toBe(3);
    expect(drawKeyframeMarks(ctx(), marks, rows, 0.5)).toBe(2);
    expect(drawKeyframeMarks(ctx(), marks, { ...rows, hidden: [1] }, 10)).toBe(0);
  });
});
