// Time as the editor sees it: save retries, the flush and seek timeouts, load milestones. The page passes
// the system clock; tests pass a manual one (tests/annotate/test-doubles.ts).
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};
