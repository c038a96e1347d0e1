// The save queue's public shapes: what the indicator, the rows and the conflict bar read (SaveState),
// and what the editor hands the queue (SaveQueueOptions).
import type { ActionSegment } from '../../../domain/types';
import type { OpExecutor } from './execute-op';
import type { ServerOp } from './server-ops';

export interface SaveState {
  /** Ops not yet saved (including the one in flight). */
  pending: number;
  /** True while the head op waits for its next retry. */
  retrying: boolean;
  /** Action ids whose last save failed → the detail shown on their row. */
  failedSegments: Readonly<Record<number, string>>;
  /** Edits someone else's save got in the way of, one per detection or action (the newest op). */
  conflicts: readonly SaveConflict[];
}

export interface SaveConflict {
  /** The detection (videoId/track/frame) or action ('action/id') it concerns. */
  key: string;
  /** The refused op, with the user's draft. */
  op: ServerOp;
  /** The server's words: who changed it and when. */
  detail: string;
}

export interface SaveQueueOptions {
  execute: OpExecutor;
  /** The version of an action as last seen in the document (before the queue saw a newer one). */
  docVersion?: (id: number) => number | undefined;
  /** The version of a stored detection as the document holds it (undefined: no stored row read there). */
  docDetectionVersion?: (trackId: number, frame: number) => number | undefined;
  onError?: (text: string, op: ServerOp) => void;
  onSaved?: (op: ServerOp, segments: ActionSegment[], detectionVersion?: number) => void;
  /** A track's version as the document holds it (range ops send it). */
  docTrackVersion?: (trackId: number) => number | undefined;
  /** An answer named new track versions (the document keeps them). */
  onTrackVersions?: (versions: Record<number, number>) => void;
  /** Retry delay after `attempt` failures (ms). */
  retryDelay?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}
