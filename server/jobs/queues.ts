// The pg-boss queues of the job kinds that run on a worker (processing, render, package import), with
// their retry policy. Plain data with no imports, so the queue wrapper (queue.ts) can create them and
// each kind's definition (kinds/*.ts) can name its own without the two depending on each other.

export interface QueueSpec {
  name: string;
  /** Retries cover a worker that crashed or was restarted mid-job (its job expires, then is retried). */
  retryLimit: number;
}

export const QUEUE_SPECS = {
  process: { name: 'video-process', retryLimit: 2 },
  render: { name: 'video-render', retryLimit: 2 },
  // never retried: a replay would write the package over edits made since; an interrupted one is ended instead
  import: { name: 'package-import', retryLimit: 0 },
} as const satisfies Record<string, QueueSpec>;

export const QUEUES = {
  process: QUEUE_SPECS.process.name,
  render: QUEUE_SPECS.render.name,
  import: QUEUE_SPECS.import.name,
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
