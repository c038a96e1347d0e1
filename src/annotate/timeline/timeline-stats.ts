// What the timeline drew last (read by window.__vat and the benchmarks).
export const lastTimeline = { bars: 0, drawMs: 0, draws: 0 };
