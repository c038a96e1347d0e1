// Milestones of opening a video in the editor (ms on the editor's clock, performance.now() in the
// browser: ms since navigation), for __vat and the benchmarks. One per editor.
import type { Clock } from '../clock';

export class LoadTiming {
  videoId = 0;
  startedAt = 0;
  marks: Record<string, number> = {};

  constructor(private clock: Pick<Clock, 'now'>) {}

  start(videoId: number): void {
    this.videoId = videoId;
    this.startedAt = this.clock.now();
    this.marks = { mount: this.startedAt };
  }
  mark(name: string): void {
    if (this.marks[name] === undefined) this.marks[name] = this.clock.now();
  }
}
