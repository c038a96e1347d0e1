// The queue of password hashing (scrypt, 128 MiB and a fraction of a second of one core each). Two lanes:
// - `sign-in`: the checks of POST /auth/login, started first whenever a hash ends;
// - `change`: everything else (a new password from a change, a reset or setup link, an admin's set; the
//   current password of a change), which may hold at most one of the running hashes.
// So whatever arrives in the change lane, sign-in always has a hash of its own running or next. Each lane
// waits in a bounded line: a request past it is answered 503 with Retry-After instead of growing memory
// and every later request's wait.
import { Unavailable } from '../../domain-errors';

export type HashLane = 'sign-in' | 'change';

export interface HashQueueLimits {
  running: number;
  changeRunning: number;
  waiting: Record<HashLane, number>;
}

export const HASH_QUEUE: HashQueueLimits = { running: 2, changeRunning: 1, waiting: { 'sign-in': 32, change: 4 } };

/** 503: the lane's line is full. */
export class HashingBusy extends Unavailable {
  readonly retryAfterSeconds = 5;
  constructor() {
    super('The server is busy checking passwords: try again in a few seconds');
  }
}

export interface HashQueue {
  run<T>(lane: HashLane, work: () => Promise<T>): Promise<T>;
  /** Hashes started since the process began, and what runs and waits now. */
  stats(): { started: number; running: number; waiting: Record<HashLane, number> };
}

export function createHashQueue(limits: HashQueueLimits = HASH_QUEUE): HashQueue {
  const lines: Record<HashLane, Array<() => void>> = { 'sign-in': [], change: [] };
  let running = 0;
  let changeRunning = 0;
  let started = 0;

  const mayStart = (lane: HashLane) =>
    running < limits.running && (lane === 'sign-in' || changeRunning < limits.changeRunning);
  const start = (lane: HashLane) => {
    running += 1;
    if (lane === 'change') changeRunning += 1;
    started += 1;
  };
  const next = () => {
    for (const lane of ['sign-in', 'change'] as const) {
      while (lines[lane].length && mayStart(lane)) {
        start(lane);
        lines[lane].shift()!();
      }
    }
  };

  return {
    async run(lane, work) {
      if (mayStart(lane) && !lines[lane].length) start(lane);
      else {
        if (lines[lane].length >= limits.waiting[lane]) throw new HashingBusy();
        await new Promise<void>((go) => lines[lane].push(go));
      }
      try {
        return await work();
      } finally {
        running -= 1;
        if (lane === 'change') changeRunning -= 1;
        next();
      }
    },
    stats: () => ({
      started,
      running,
      waiting: { 'sign-in': lines['sign-in'].length, change: lines.change.length },
    }),
  };
}

/** The process's one queue: memory and cores are the process's. */
export const passwordHashing = createHashQueue();
