// The save queue: every server op of an edit (and of its undo) runs here, one at a time and in order, so a
// box PATCH never overtakes the merge of its track. Box/keypoint saves that fail are kept and retried
// with backoff (the 'Unsaved changes' indicator stays until they land); action/track failures are
// reported with the spec's texts and the edit stays in the document as an unsaved draft. Ops queued in the
// background (history: edits, undo, redo) are also retried after network/server errors, so an undo never
// leaves the server behind; calls the UI awaits (add, duplicate, delete, merge) fail fast instead.
// Every change of a stored detection or action sends the version it is based on (the newest the editor
// saw: the document's, or the one a save answered). When someone else changed it first (409, or 428 for a
// row they stored), the op becomes a conflict: the draft stays in the document and the editor offers
// 'Reload theirs' or 'Overwrite with mine' (AnnotationEditor.resolveConflict).
import { detectionKey, detectionKeyOf, isDetectionOp, rangeTracks, type ServerOp } from './server-ops';
import { failureText, isConflict, isRetryable, type TrackVersions } from './execute-op';
import {
  detectionVersionOf,
  segmentsOf,
  storedVersionsOf,
  trackVersionsOf,
  type OpAnswers,
  type OpResult,
} from './op-results';
import { Store } from '../store';
import type { SaveQueueOptions, SaveState } from './save-queue-types';

interface Item {
  op: ServerOp;
  retry: boolean;
  reported: boolean;
  resolve: (r: OpResult) => void;
  reject: (e: unknown) => void;
}

export class SaveQueue {
  private items: Item[] = [];
  private running = false;
  private attempts = 0;
  private timer: unknown = null;
  private versions = new Map<number, number>();
  /** Track id → the newest track version an answer named. */
  private trackVersions = new Map<number, number>();
  /** Detection key → the version a save answered, or null once this editor deleted the row. */
  private detectionVersions = new Map<string, number | null>();
  private idleWaiters: (() => void)[] = [];
  private disposed = false;
  /** Pending count, retrying, failed rows: the 'Unsaved changes' indicator and the rows read it. */
  readonly state = new Store<SaveState>({ pending: 0, retrying: false, failedSegments: {}, conflicts: [] });

  constructor(private o: SaveQueueOptions) {}

  getState(): SaveState {
    return this.state.get();
  }
  hasUnsaved(): boolean {
    const s = this.state.get();
    return s.pending > 0 || Object.keys(s.failedSegments).length > 0 || s.conflicts.length > 0;
  }

  private setTimer(fn: () => void, ms: number): unknown {
    return this.o.setTimer ? this.o.setTimer(fn, ms) : setTimeout(fn, ms);
  }
  private clearTimer(t: unknown): void {
    if (this.o.clearTimer) this.o.clearTimer(t);
    else clearTimeout(t as ReturnType<typeof setTimeout>);
  }

  /** The page is gone: no more retries (what is still queued is lost, as on a closed tab). */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  /**
   * Queues an op; the promise settles with the server's answer when it is saved, or when it finally fails
   * (callers may ignore it). A waiting save of the same frame that this one replaces settles with this one.
   */
  run<O extends ServerOp>(op: O, retry = false): Promise<OpAnswers[O['kind']]> {
    return new Promise<OpResult>((resolve, reject) => {
      const key = detectionKey(op);
      // Coalesce with a waiting save of the same frame when nothing else is queued after it.
      const last = this.items[this.items.length - 1];
      const inFlight = this.running ? this.items[0] : undefined;
      if (key && last && last !== inFlight && detectionKey(last.op) === key) {
        const replaced = last;
        this.items[this.items.length - 1] = {
          op,
          retry,
          reported: false,
          resolve: (r) => {
            replaced.resolve(r);
            resolve(r);
          },
          reject: (e) => {
            replaced.reject(e);
            reject(e);
          },
        };
      } else {
        this.items.push({ op, retry, reported: false, resolve, reject });
      }
      this.update();
      void this.pump();
    }).then((r) => r.answer as OpAnswers[O['kind']]);
  }

  /** Background save (retried on network/server errors); failures are reported through onError. */
  enqueue(op: ServerOp): void {
    this.run(op, true).catch(() => {
      /* reported by onError */
    });
  }

  /** Retries a waiting op now and resolves when nothing is pending (or false after `timeoutMs`; null: no limit). */
  flush(timeoutMs: number | null = 5000): Promise<boolean> {
    if (this.items.length === 0) return Promise.resolve(true);
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
      void this.pump();
    }
    return new Promise<boolean>((resolve) => {
      const t = timeoutMs === null ? null : this.setTimer(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        if (t !== null) this.clearTimer(t);
        resolve(true);
      });
    });
  }

  clearFailure(id: number): void {
    const s = this.state.get();
    if (!(id in s.failedSegments)) return;
    const { [id]: _gone, ...rest } = s.failedSegments;
    this.state.set({ ...s, failedSegments: rest });
  }

  versionOf = (id: number): number | undefined => this.versions.get(id) ?? this.o.docVersion?.(id);

  /** The newest version seen of a detection: versions only grow, so the larger of the document's and the saved one. */
  detectionVersionOf(op: { videoId: number; trackId: number; frame: number }): number | undefined {
    const saved = this.detectionVersions.get(detectionKeyOf(op));
    const doc = this.o.docDetectionVersion?.(op.trackId, op.frame);
    // null: this editor deleted the stored row, so the box in the document (an undone delete) has none yet
    if (saved === null) return undefined;
    if (saved === undefined) return doc;
    return doc === undefined ? saved : Math.max(saved, doc);
  }

  /** The version a change of `op`'s detection or action is based on (undefined for the other ops). */
  private versionFor(op: ServerOp): number | undefined {
    if (op.kind === 'segment.patch') return this.versionOf(op.id);
    if (op.kind === 'segment.delete') return this.versionOf(op.id) ?? op.version;
    if (op.kind === 'detection.delete') return this.detectionVersionOf(op) ?? op.version;
    if (op.kind === 'detection.put' || op.kind === 'detection.keyframe') return this.detectionVersionOf(op);
    return undefined;
  }

  /** The newest version seen of a track: the larger of the document's and an answer's. */
  trackVersionOf(trackId: number): number | undefined {
    const saved = this.trackVersions.get(trackId);
    const doc = this.o.docTrackVersion?.(trackId);
    return saved === undefined ? doc : doc === undefined ? saved : Math.max(saved, doc);
  }

  /** The versions of the tracks a range op changes. */
  private trackVersionsFor(op: ServerOp): TrackVersions {
    const out: TrackVersions = {};
    if (op.kind === 'track.range') for (const t of rangeTracks(op)) out[t] = this.trackVersionOf(t);
    return out;
  }

  /** 'Overwrite with mine': the next save of the detection is based on the stored `version` (null: there is none). */
  setDetectionVersion(op: { videoId: number; trackId: number; frame: number }, version: number | null): void {
    this.detectionVersions.set(detectionKeyOf(op), version);
  }
  setSegmentVersion(id: number, version: number): void {
    this.versions.set(id, version);
  }

  /** The conflict is dealt with (reloaded or overwritten). */
  dropConflict(key: string): void {
    const s = this.state.get();
    if (s.conflicts.some((c) => c.key === key))
      this.state.set({ ...s, conflicts: s.conflicts.filter((c) => c.key !== key) });
  }

  private addConflict(op: ServerOp, err: unknown): void {
    const key = detectionKey(op) ?? ('id' in op ? `action/${op.id}` : null);
    if (!key) return;
    const s = this.state.get();
    const detail = err instanceof Error ? err.message : String(err);
    // one per detection or action: a later refused op of the same one carries the newer draft
    this.state.set({ ...s, conflicts: [...s.conflicts.filter((c) => c.key !== key), { key, op, detail }] });
  }

  private async pump(): Promise<void> {
    if (this.running || this.timer !== null || this.disposed) return;
    this.running = true;
    while (this.items.length > 0) {
      const item = this.items[0];
      try {
        const result = await this.o.execute(item.op, this.versionFor(item.op), this.trackVersionsFor(item.op));
        this.items.shift();
        this.attempts = 0;
        this.saved(item.op, result);
        item.resolve(result);
      } catch (err) {
        if (item.retry && isRetryable(err)) {
          // Actions say 'Failed to save' once; box/keypoint saves stay silent.
          if (!item.reported && !isDetectionOp(item.op)) {
            item.reported = true;
            this.o.onError?.(failureText(item.op, err), item.op);
          }
          this.attempts += 1;
          const delay = this.o.retryDelay?.(this.attempts) ?? Math.min(15_000, 1000 * 2 ** (this.attempts - 1));
          this.timer = this.setTimer(() => {
            this.timer = null;
            this.update();
            void this.pump();
          }, delay);
          this.running = false;
          this.update();
          return;
        }
        this.items.shift();
        if (isConflict(err)) this.addConflict(item.op, err);
        this.failed(item.op, err);
        item.reject(err);
      }
      this.update();
    }
    this.running = false;
    this.update();
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    waiters.forEach((w) => w());
  }

  private saved(op: ServerOp, result: OpResult): void {
    const segs = segmentsOf(result);
    for (const s of segs) if (s.version !== undefined) this.versions.set(s.id, s.version);
    const detectionVersion = detectionVersionOf(result);
    if (detectionVersion !== undefined)
      this.detectionVersions.set(op.kind === 'track.create' ? detectionKeyOf(op) : detectionKey(op)!, detectionVersion);
    const madeId = result.kind === 'track.create' && 'track_id' in result.answer ? result.answer.track_id : undefined;
    if (op.kind === 'track.create' && madeId !== undefined && madeId !== op.trackId) {
      this.o.onError?.(
        `The new box was saved as track T${madeId} (someone added a track meanwhile): reload the video to see it there.`,
        op,
      );
    }
    if (op.kind === 'detection.delete') this.detectionVersions.set(detectionKey(op)!, null);
    // the boxes the server filled, refilled or restored: the next save of each is based on its version
    for (const d of storedVersionsOf(result))
      this.detectionVersions.set(
        detectionKeyOf({ videoId: op.videoId, trackId: d.track_id, frame: d.frame }),
        d.version,
      );
    if (op.kind === 'segment.patch' || op.kind === 'segment.delete') this.clearFailure(op.id);
    const tracks = trackVersionsOf(op, result);
    for (const [t, v] of Object.entries(tracks))
      this.trackVersions.set(Number(t), Math.max(v, this.trackVersions.get(Number(t)) ?? 0));
    if (Object.keys(tracks).length) this.o.onTrackVersions?.(tracks);
    this.o.onSaved?.(op, segs, detectionVersion);
  }

  private failed(op: ServerOp, err: unknown): void {
    const text = failureText(op, err);
    const s = this.state.get();
    if (op.kind === 'segment.patch') this.state.set({ ...s, failedSegments: { ...s.failedSegments, [op.id]: text } });
    // Box/keypoint failures are not shown as alerts; they stay visible through the indicator.
    if (!isDetectionOp(op)) this.o.onError?.(text, op);
  }

  private update(): void {
    const s = this.state.get();
    const next = { ...s, pending: this.items.length, retrying: this.timer !== null };
    if (next.pending !== s.pending || next.retrying !== s.retrying) this.state.set(next);
  }
}
