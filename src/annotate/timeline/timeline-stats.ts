// What the timeline drew last (read by window.__vat and the benchmarks); one per editor.
export interface LastTimeline { bars: number; drawMs: number; draws: number }

export const newTimelineStats = (): LastTimeline => ({ bars: 0, drawMs: 0, draws: 0 });
