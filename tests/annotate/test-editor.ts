// TestEditor: a real AnnotationEditor whose real API client talks to a fake server that checks every call
// against the published contract (contract-server.ts), a manual clock and a pointer-event target of
// its own, driven with pointer and key events without a browser. The player's viewport is as large as
// the video, so at 'fit' a screen pixel is a video pixel; `pointerDown(x, y)` presses the overlay at a
// screen point through editor.dispatch (the hit-test picks the target, at any zoom), while the older
// pointerDownBox / pointerDownKeypoint / pointerDownEmpty name their target and take video pixels.
// Timeline presses use `pxPerSecond` client pixels per second from 0. Every server op the editor sends
// is recorded in `sent`.
import type { ReviewSummary } from '../../domain/review-navigation';
import { AnnotationEditor } from '../../src/annotate/editor/AnnotationEditor';
import type { Clock, EditorApi } from '../../src/annotate/editor/editor-deps';
import { pressBar, pressBox, pressDraw, pressKeypoint, pressRow } from '../../src/annotate/edit/drag-start';
import type { TrackVersions } from '../../src/annotate/save/execute-op';
import { assistPose, followTrack, type PoseAssistResult } from '../../src/api/track-corrections';
import { putTrackVerified } from '../../src/api/annotation-edits';
import { fetchReviewSummary } from '../../src/api/annotate';
import { executeOp } from '../../src/annotate/save/execute-op';
import { savedRow, serveOne } from './contract-server';
import { onScreenKeyDown, onScreenKeyUp, type ScreenKeyEvent } from '../../src/annotate/edit/hotkeys';
import type { EditorDoc } from '../../src/annotate/document/types';
import type { AnnotateUiState } from '../../src/annotate/document/ui-state';
import { rangeTracks, type ServerOp } from '../../src/annotate/save/server-ops';
import type { Corner } from '../../domain/ops/box-geometry';
import type { ActionSegment } from '../../domain/types';
import { sampleDoc } from '../annotate-edit/fixtures';
import type { CanvasOutcome } from '../../src/annotate/canvas/dispatch';
import type { ViewStorage } from '../../src/annotate/canvas/viewport';
import { videoSizeOf } from '../../src/annotate/canvas/overlay-model';

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

/** A copy of what was sent at that moment (tokens change later, as they do in the browser). */
function structuredCloneOp(op: ServerOp): ServerOp {
  return 'token' in op ? ({ ...op, token: { ...op.token } } as ServerOp) : op;
}

export interface KeyMods {
  shift?: boolean;
  ctrl?: boolean;
  alt?: boolean;
  repeat?: boolean;
}

export class TestEditor {
  readonly editor: AnnotationEditor;
  /** Server ops in the order the API edge received them. */
  readonly sent: ServerOp[] = [];
  /** The version each sent op was based on (same order as `sent`). */
  readonly sentVersions: Array<number | undefined> = [];
  /** The track versions each sent op carried (range ops; same order as `sent`). */
  readonly sentTrackVersions: TrackVersions[] = [];
  /** The fake server's track versions (every change of a track's boxes bumps its version, as the contract says). */
  readonly trackVersions: Record<number, number> = {};
  /** Pose assist calls, each answered when the test calls `answerAssist`. */
  readonly assistCalls: Array<{ frame: number; box: unknown; answer: (r: PoseAssistResult | Error) => void }> = [];
  /** Follow jobs started. */
  readonly followCalls: Array<{ trackId: number; body: unknown }> = [];
  /** Texts the editor showed (snackbar). */
  readonly messages: string[] = [];
  readonly clock = new ManualClock();
  /** Makes the API edge fail an op (return an error to throw, or null to answer). */
  failWith: ((op: ServerOp) => unknown) | null = null;
  private pointer = new EventTarget();
  private last = { x: 0, y: 0 };
  private pps = 100;
  private nextSegmentId = 100;
  private nextToken = 1;
  /** What the fake server answers for the review summary. */
  reviewSummary: ReviewSummary | null = null;

  constructor(
    doc: EditorDoc = sampleDoc(),
    ui: Partial<AnnotateUiState> = {},
    readonly storage = new MemoryStorage(),
  ) {
    const api: EditorApi = {
      fetchSummary: () => Promise.reject(new Error('the TestEditor starts from a document')),
      fetchDetectionWindow: () => Promise.reject(new Error('the TestEditor starts from a document')),
      fetchVideoSettings: async () => null,
      execute: (op, version, tracks) =>
        serveOne(
          () => executeOp(op, version, tracks ?? {}),
          () => this.answer(op, version, tracks ?? {}),
        ),
      assistPose: (v, frame, box) =>
        serveOne(
          () => assistPose(v, frame, box),
          () =>
            new Promise<PoseAssistResult>((resolve, reject) => {
              this.assistCalls.push({ frame, box, answer: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
            }),
        ),
      followTrack: (v, trackId, body) =>
        serveOne(
          () => followTrack(v, trackId, body),
          () => {
            this.followCalls.push({ trackId, body });
            return { job_id: 77 };
          },
        ),
      fetchReviewSummary: (v, signal) =>
        serveOne(
          () => fetchReviewSummary(v, signal),
          () => this.reviewSummary ?? Promise.reject(new Error('no review summary')),
        ),
      setTrackVerified: (v, trackId, verified) =>
        serveOne(
          () => putTrackVerified(v, trackId, verified),
          () => ({
            track_id: trackId,
            verified: verified
              ? { by_id: 'tester', by_name: null, at: '2026-01-01T00:00:00.000Z', edited_at: null, edited_by_id: null }
              : null,
          }),
        ),
    };
    this.editor = new AnnotationEditor({
      api,
      clock: this.clock,
      notify: (_s, text) => {
        this.messages.push(text);
      },
      pointerEvents: this.pointer,
      viewStorage: storage,
    });
    this.editor.publishDoc(doc, 'load');
    this.editor.updateUi(ui);
    const size = this.videoSize;
    this.view(size.width, size.height);
  }

  get videoSize(): { width: number; height: number } {
    return videoSizeOf(this.doc);
  }

  /** Sizes the player's viewport (screen pixels); the picture is letterboxed in it at 'fit'. */
  view(boxW: number, boxH: number): this {
    const { width, height } = this.videoSize;
    this.editor.viewport.setGeometry({ boxW, boxH, videoW: width, videoH: height });
    return this;
  }

  /** A press on the overlay at screen point (x, y), through editor.dispatch (button 0 left, 1 middle). */
  pointerDown(x: number, y: number, opts: { button?: number; pointerType?: string } = {}): CanvasOutcome {
    this.last = { x, y };
    return this.editor.dispatch({
      type: 'pointer.down',
      x,
      y,
      button: opts.button ?? 0,
      pointerType: opts.pointerType ?? 'mouse',
    });
  }
  /** The wheel at screen point (x, y): 100 per notch, negative zooms in. */
  wheel(x: number, y: number, deltaY: number): CanvasOutcome {
    return this.editor.dispatch({ type: 'wheel', x, y, deltaY });
  }
  /** A right press (the context menu) at screen point (x, y). */
  contextMenu(x: number, y: number): CanvasOutcome {
    return this.editor.dispatch({ type: 'menu', x, y });
  }

  get doc(): EditorDoc {
    return this.editor.getDoc()!;
  }

  /** Attaches a FakeVideo of the document's length to the player (keys that step, seek or play need one). */
  attachVideo(): FakeVideo {
    const { fps, total_frames, duration } = this.doc.info;
    const video = new FakeVideo(duration);
    this.editor.player.attach(video as unknown as HTMLVideoElement, fps, total_frames);
    return video;
  }
  get ui(): AnnotateUiState {
    return this.editor.getUi();
  }

  /** View → edit as a signed-in user. */
  enterEditMode(): this {
    this.editor.requestMode('edit', {
      signedIn: true,
      requireSignIn: () => {
        this.messages.push('sign in');
      },
    });
    return this;
  }

  /** Presses a box body or corner, or a keypoint, at video pixel (x, y). */
  pointerDownBox(trackId: number, part: 'body' | Corner, x: number, y: number): boolean {
    return pressBox(this.editor, trackId, part, this.overlayPress(x, y));
  }
  pointerDownKeypoint(trackId: number, index: number, x: number, y: number): boolean {
    return pressKeypoint(this.editor, trackId, index, this.overlayPress(x, y));
  }
  /** Presses an empty area of the frame at video pixel (x, y) (a draw). */
  pointerDownEmpty(x: number, y: number): boolean {
    return pressDraw(this.editor, this.overlayPress(x, y));
  }

  /** Presses a timeline bar at `time` seconds (its body, or its start / end edge). */
  pointerDownBar(segmentId: number, part: 'body' | 'start' | 'end', time: number, pxPerSecond = 100): boolean {
    const segment = this.doc.segments.find((s) => s.id === segmentId)!;
    this.pps = pxPerSecond;
    return pressBar(this.editor, { segment, part, time, pxPerSecond, clientX: time * pxPerSecond });
  }

  /** Presses an empty part of track `trackId`'s timeline row at `time` seconds. */
  pointerDownRow(trackId: number, time: number, pxPerSecond = 100): void {
    this.pps = pxPerSecond;
    pressRow(this.editor, { trackId, time, pxPerSecond, clientX: time * pxPerSecond });
  }

  /** Pointer events as the browser sends them during a drag: to the overlay's dispatch and to the window. */
  pointerMove(clientX: number, clientY = 0): this {
    this.last = { x: clientX, y: clientY };
    this.editor.dispatch({ type: 'pointer.move', x: clientX, y: clientY });
    this.dispatch('pointermove', clientX, clientY);
    return this;
  }
  /** A timeline drag's pointer at `time` seconds. */
  pointerMoveToTime(time: number): this {
    return this.pointerMove(time * this.pps);
  }
  pointerUp(): this {
    this.editor.dispatch({ type: 'pointer.up', ...this.last });
    this.dispatch('pointerup', 0, 0);
    return this;
  }

  /** A key press through the screen's one key listener; true when the listener took it (preventDefault). */
  keyDown(key: string, mods: KeyMods = {}): boolean {
    const e = this.keyEvent(key, mods);
    onScreenKeyDown(this.editor, e, { requireSignIn: () => true });
    return e.defaultPrevented;
  }
  keyUp(key: string, mods: KeyMods = {}): boolean {
    const e = this.keyEvent(key, mods);
    onScreenKeyUp(this.editor, e);
    return e.defaultPrevented;
  }

  private keyEvent(key: string, mods: KeyMods & { repeat?: boolean }): ScreenKeyEvent {
    const e: ScreenKeyEvent = {
      key,
      shiftKey: !!mods.shift,
      ctrlKey: !!mods.ctrl,
      metaKey: false,
      altKey: !!mods.alt,
      repeat: !!mods.repeat,
      target: null,
      defaultPrevented: false,
      preventDefault: () => {
        e.defaultPrevented = true;
      },
    };
    return e;
  }

  /** Waits until every queued server op has been answered. */
  async settle(): Promise<void> {
    await this.editor.saves.flush(null);
    await new Promise((r) => setTimeout(r, 0));
  }

  dispose(): void {
    this.editor.dispose();
  }

  private overlayPress(x: number, y: number) {
    return { x, y, scale: 1, toPoint: (e: { clientX: number; clientY: number }) => ({ x: e.clientX, y: e.clientY }) };
  }

  private dispatch(type: string, clientX: number, clientY: number): void {
    const e = new Event(type);
    Object.defineProperties(e, { clientX: { value: clientX }, clientY: { value: clientY } });
    this.pointer.dispatchEvent(e);
  }

  /** What the server answers: the shapes of domain/contract (the fake server checks them). */
  private answer(op: ServerOp, version: number | undefined, tracks: TrackVersions): unknown {
    const err = this.failWith?.(op);
    if (err) throw err;
    this.sent.push(structuredCloneOp(op));
    this.sentVersions.push(version);
    this.sentTrackVersions.push(tracks);
    const bump = (t: number) =>
      (this.trackVersions[t] = (this.trackVersions[t] ?? this.doc.trackVersions?.[t] ?? 0) + 1);
    const newId = () => Math.max(0, ...this.doc.trackIds) + 1;
    const segment = (id: number) => this.doc.segments.find((s) => s.id === id);
    switch (op.kind) {
      case 'track.create': {
        const detection = savedRow(op.made.value ?? op.trackId, op.frame, 1, op.det);
        // a create whose track exists already (a redo) is a keyframe PUT
        if (op.made.value !== null) return { detection, track_version: bump(op.made.value), filled_frames: 0 };
        return { track_id: op.trackId, track_version: bump(op.trackId), detection };
      }
      case 'detection.keyframe':
        return {
          detection: savedRow(op.trackId, op.frame, (version ?? 0) + 1, op.det),
          track_version: bump(op.trackId),
          filled_frames: 0,
        };
      case 'track.range': {
        op.token.value = this.nextToken++;
        const c = op.call;
        const undo_token = op.token.value;
        const versions = Object.fromEntries(rangeTracks(op).map((t) => [t, bump(t)]));
        switch (c.kind) {
          case 'split': {
            const id = newId();
            return { new_track_id: id, track_version: versions[op.trackId], new_track_version: bump(id), undo_token };
          }
          case 'swap':
            return { track_versions: versions, undo_token };
          case 'move': {
            const target = c.targetTrackId ?? newId();
            return {
              target_track_id: target,
              track_version: versions[op.trackId],
              target_track_version: c.targetTrackId === null ? bump(target) : versions[target],
              undo_token,
            };
          }
          case 'delete':
            return { deleted: 1, track_version: versions[op.trackId], undo_token };
          case 'interpolate':
            return { filled_frames: 1, track_version: versions[op.trackId], undo_token };
          case 'propagate':
            return { changed_frames: 1, track_version: versions[op.trackId], undo_token };
        }
        break;
      }
      case 'segment.patch':
        return {
          ...segment(op.id)!,
          ...op.fields,
          version: (version ?? 1) + 1,
          updated_by_id: 'test.user',
        } satisfies ActionSegment;
      // the document dropped the segment already: the answer names a stand-in of that id (the editor reads none of it)
      case 'segment.delete':
        return {
          deleted: true,
          action: segment(op.id) ?? {
            id: op.id,
            track_id: 0,
            action_class: 'others',
            start_time: 0,
            end_time: 0,
            confidence: 1,
            human_verified: false,
            version: version ?? 1,
          },
        };
      case 'detection.put':
        return { ...savedRow(op.trackId, op.frame, (version ?? 0) + 1, op.det), track_version: bump(op.trackId) };
      case 'detection.delete':
        return {
          deleted: true,
          detection: { ...savedRow(op.trackId, op.frame, version ?? 1, null), track_version: bump(op.trackId) },
        };
      case 'segment.create':
        return { ...op.segment, id: op.purpose === 'restore' ? op.segment.id : this.nextSegmentId++ };
      // Like the real executor, a merge / delete hands its undo token to the entry, a restore spends it.
      case 'track.merge': {
        op.token.value = this.nextToken++;
        const track_versions = { [op.baseTrackId]: bump(op.baseTrackId), [op.mergeTrackId]: bump(op.mergeTrackId) };
        return {
          base_track_id: op.baseTrackId,
          merge_track_id: op.mergeTrackId,
          replaced_frames: 0,
          moved_frames: 0,
          moved_segments: 0,
          segments: [],
          undo_token: op.token.value,
          track_versions,
        };
      }
      case 'track.delete':
        op.token.value = this.nextToken++;
        return {
          track_id: op.trackId,
          deleted_detections: 0,
          deleted_segments: 0,
          undo_token: op.token.value,
          track_version: bump(op.trackId),
        };
      case 'track.restore':
        op.token.value = null;
        return {
          kind: 'restore',
          track_ids: [],
          restored_detections: 0,
          segments: [],
          detection_versions: [],
          track_versions: {},
        };
    }
    return undefined;
  }
}
