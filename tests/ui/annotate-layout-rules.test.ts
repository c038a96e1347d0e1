// Pure rules of the Annotate layout: the player box keeps the video's aspect ratio and fills the space
// it has (sizes are maximum widths, Full width takes the whole width), and the split keeps both the
// player area and at least 4 timeline rows.
import { describe, expect, it } from 'vitest';
import { fitPlayer } from '../../src/annotate/player/player-fit';
import { TIMELINE_COMPACT_H, TIMELINE_MIN_H, TOP_MIN_H, clampSplit } from '../../src/pages/annotate/layout-prefs';
import { AXIS_H, ROW_H } from '../../src/annotate/timeline/timeline-draw';

describe('fitPlayer', () => {
  it('shows a 4:3 clip at 4:3, as large as the area allows (no 16:9 letterbox)', () => {
    expect(fitPlayer('medium', 900, 600, 768, 576)).toEqual({ width: 800, height: 600 });
    expect(fitPlayer('medium', 600, 900, 768, 576)).toEqual({ width: 600, height: 450 });
  });

  it('treats Small 720, Medium 960 and Large 1200 as maximum widths', () => {
    expect(fitPlayer('small', 2000, 2000, 1920, 1080).width).toBe(720);
    expect(fitPlayer('medium', 2000, 2000, 1920, 1080).width).toBe(960);
    expect(fitPlayer('large', 2000, 2000, 1920, 1080)).toEqual({ width: 1200, height: 675 });
    expect(fitPlayer('large', 1000, 2000, 1920, 1080).width).toBe(1000);
  });

  it('Full width takes the whole available width, beyond the height the other sizes keep to', () => {
    expect(fitPlayer('large', 1500, 300, 1920, 1080).width).toBe(533);
    expect(fitPlayer('full', 1500, 300, 1920, 1080)).toEqual({ width: 1500, height: 844 });
  });

  it('before the area is measured, uses the size itself (Medium for Full width)', () => {
    expect(fitPlayer('small', 0, 0, 1920, 1080).width).toBe(720);
    expect(fitPlayer('full', 0, 0, 1920, 1080).width).toBe(960);
  });
});

describe('clampSplit', () => {
  it('by default leaves the timeline 190 px below the split (title, overview, axis and 4 rows)', () => {
    expect(clampSplit(null, 600)).toBe(410);
  });
  it('keeps a dragged split inside the limits: the timeline keeps its axis and 4 rows', () => {
    expect(TIMELINE_MIN_H).toBeGreaterThanOrEqual(AXIS_H + 4 * ROW_H + 36);
    expect(clampSplit(10_000, 600)).toBe(600 - TIMELINE_MIN_H);
    expect(clampSplit(5, 600)).toBe(TOP_MIN_H);
    expect(clampSplit(300, 600)).toBe(300);
  });
  it('the player size moves the split: Large gives the picture all but 2 timeline rows, Small gives the timeline more', () => {
    expect(TIMELINE_COMPACT_H).toBeGreaterThanOrEqual(12 + 58 + AXIS_H + 2 * ROW_H);
    expect(clampSplit(null, 600, 'large')).toBe(600 - TIMELINE_COMPACT_H);
    expect(clampSplit(null, 600, 'small')).toBe(300);
    expect(clampSplit(null, 600, 'medium')).toBe(410);
    // a drag may squeeze the timeline to its compact height only with the Large player
    expect(clampSplit(10_000, 600, 'large')).toBe(600 - TIMELINE_COMPACT_H);
    expect(clampSplit(10_000, 600, 'small')).toBe(600 - TIMELINE_MIN_H);
  });
});
