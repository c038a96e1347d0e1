// Milestones of opening a video in the editor (performance.now() ms since navigation), for __vat and bench.
export const loadTiming = {
  videoId: 0,
  startedAt: 0,
  marks: {} as Record<string, number>,
  start(videoId: number) { this.videoId = videoId; this.startedAt = performance.now(); this.marks = { mount: this.startedAt }; },
  mark(name: string) { if (this.marks[name] === undefined) this.marks[name] = performance.now(); },
};
