// Stand-ins for the browser around the editor in unit tests: sessionStorage, a manual clock and a
// <video> element whose time and play state the test sets.
import type { Clock } from '../../src/annotate/clock';
import type { ViewStorage } from '../../src/annotate/canvas/viewport';

/** sessionStorage for one test: a reload is a new TestEditor given the same storage. */
export class MemoryStorage implements ViewStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

/** Timers that run only when the test advances time. */
export class ManualClock implements Clock {
  private t = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private next = 1;
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(id: unknown): void {
    this.timers.delete(id as number);
  }
  /** Runs every timer due within `ms`, in time order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
    }
    this.t = end;
  }
}

/**
 * A stand-in for the page's <video> without requestVideoFrameCallback: a seek presents its frame on the
 * next microtask ('seeked'), play and pause fire their events, so the player writes the playhead as it does
 * in a browser.
 */
export class FakeVideo extends EventTarget {
  paused = true;
  volume = 1;
  playbackRate = 1;
  readyState = 4;
  private t = 0;
  constructor(readonly duration: number) {
    super();
  }
  get currentTime(): number {
    return this.t;
  }
  set currentTime(v: number) {
    this.t = v;
    queueMicrotask(() => this.dispatchEvent(new Event('seeked')));
  }
  play(): Promise<void> {
    if (this.paused) {
      this.paused = false;
      this.dispatchEvent(new Event('play'));
    }
    return Promise.resolve();
  }
  pause(): void {
    if (!this.paused) {
      this.paused = true;
      this.dispatchEvent(new Event('pause'));
    }
  }
}
