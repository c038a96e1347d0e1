// @vitest-environment jsdom
// The timeline zoomed into a window of time: zoom keeps the time under the pointer in place, the window
// stays inside the video and follows the playhead out of view; bars, hits and ticks are in that window.
import { describe, expect, it } from 'vitest';
import { clampView, followTime, panView, zoomView, MIN_VIEW_SPAN_S } from '../../src/annotate/timeline/time-view';
import { AXIS_H, ROW_H, drawTimeline, hitTest, xOfTime } from '../../src/annotate/timeline/timeline-draw';
import type { ActionSegment } from '../../domain/types';

const seg = (id: number, track: number, start: number, end: number): ActionSegment => ({
  id,
  track_id: track,
  action_class: 'run',
  start_time: start,
  end_time: end,
  confidence: 0.7,
  human_verified: false,
});

describe('the time window', () => {
  it('zooms around an anchor, which stays at the same place on screen', () => {
    const v = zoomView({ start: 0, span: 600 }, 4, 300, 600);
    expect(v).toEqual({ start: 225, span: 150 });
    expect((300 - v.start) / v.span).toBeCloseTo(0.5);
    const edge = zoomView({ start: 0, span: 600 }, 2, 60, 600);
    expect((60 - edge.start) / edge.span).toBeCloseTo(60 / 600);
  });

  it('stays inside the video and no narrower than the minimum; a short video is always whole', () => {
    expect(clampView({ start: 590, span: 50 }, 600)).toEqual({ start: 550, span: 50 });
    expect(clampView({ start: -5, span: 0.1 }, 600)).toEqual({ start: 0, span: MIN_VIEW_SPAN_S });
    expect(clampView({ start: 3, span: 0.5 }, 1.5)).toEqual({ start: 0, span: 1.5 });
    expect(panView({ start: 100, span: 50 }, -500, 600)).toEqual({ start: 0, span: 50 });
  });

  it('follows the playhead only when it leaves the window', () => {
    const v = { start: 100, span: 50 };
    expect(followTime(v, 120, 600)).toBe(v);
    expect(followTime(v, 170, 600)).toEqual({ start: 165, span: 50 });
    expect(followTime(v, 599, 600)).toEqual({ start: 550, span: 50 });
  });
});

describe('a zoomed timeline', () => {
  const layout = { width: 1000, duration: 600, trackIds: [1, 2], viewStart: 100, viewSpan: 10 };
  const bars = {
    segments: [seg(1, 1, 0, 50), seg(2, 1, 104, 106), seg(3, 2, 108, 130), seg(4, 2, 200, 210)],
    hidden: [],
    selectedSegmentId: null,
  };
  const ctx = () => document.createElement('canvas').getContext('2d')!;

  it('draws only the bars in the window', () => {
    expect(drawTimeline(ctx(), layout, bars)).toBe(2);
  });

  it('hits bars, their ends and empty rows at window times', () => {
    const y = (row: number) => AXIS_H + row * ROW_H + ROW_H / 2;
    expect(xOfTime(layout, 104)).toBe(400);
    expect(hitTest(layout, bars, 500, y(0))).toMatchObject({ trackId: 1, segment: { id: 2 }, part: 'body', time: 105 });
    expect(hitTest(layout, bars, 401, y(0))).toMatchObject({ segment: { id: 2 }, part: 'start' });
    expect(hitTest(layout, bars, 599, y(0))).toMatchObject({ segment: { id: 2 }, part: 'end' });
    expect(hitTest(layout, bars, 700, y(0))).toMatchObject({ trackId: 1, segment: null, time: 107 });
    expect(hitTest(layout, bars, 900, y(1))).toMatchObject({ trackId: 2, segment: { id: 3 } });
  });
});
