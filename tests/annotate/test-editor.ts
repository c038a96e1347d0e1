// TestEditor: a real AnnotationEditor whose real API client talks to a fake server that checks every call
// against the published contract (contract-server.ts), a manual clock and a pointer-event target of
// its own, driven with pointer and key events without a browser. The player's viewport is as large as
// the video, so at 'fit' a screen pixel is a video pixel; `pointerDown(x, y)` presses the overlay at a
// screen point through editor.dispatch (the hit-test picks the target, at any zoom), while the older
// pointerDownBox / pointerDownKeypoint / pointerDownEmpty name their target and take video pixels.
// Timeline presses use `pxPerSecond` client pixels per second from 0. Every server op the editor sends
// is recorded in `sent` (fake-server.ts answers them; test-doubles.ts holds the clock, storage and video).
import type { FollowProgress } from '../../src/api/track-corrections';
import type { DetectionVersions } from '../../domain/contract/annotation-edits';
import type { ReviewSummary } from '../../domain/review-navigation';
import type { ReviewIssue } from '../../domain/contract/review-issues';
import type { Corner } from '../../domain/ops/box-geometry';
import { AnnotationEditor } from '../../src/annotate/editor/annotation-editor';
import { pressBar, pressOverlay, pressRow } from '../../src/annotate/tools/press';
import type { TrackVersions } from '../../src/annotate/save/execute-op';
import type { PoseAssistResult } from '../../src/api/track-corrections';
import { onScreenKeyDown, onScreenKeyUp, type ScreenKeyEvent } from '../../src/annotate/edit/hotkeys';
import type { EditorDoc } from '../../src/annotate/document/types';
import type { AnnotateUiState } from '../../src/annotate/document/ui-state';
import type { ServerOp } from '../../src/annotate/save/server-ops';
import type { CanvasOutcome } from '../../src/annotate/tools/canvas-input';
import { videoSizeOf } from '../../src/annotate/canvas/overlay-model';
import { sampleDoc } from '../annotate-edit/fixtures';
import { fakeEditorApi, type FakeServerState } from './fake-server';
import { FakeVideo, ManualClock, MemoryStorage } from './test-doubles';

export interface KeyMods {
  shift?: boolean;
  ctrl?: boolean;
  alt?: boolean;
  repeat?: boolean;
}

export class TestEditor implements FakeServerState {
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
  /** What the follow job answers, one per poll. */
  readonly followAnswers: FollowProgress[] = [];
  /** Texts the editor showed (snackbar). */
  readonly messages: string[] = [];
  readonly clock = new ManualClock();
  /** Makes the API edge fail an op (return an error to throw, or null to answer). */
  failWith: ((op: ServerOp) => unknown) | null = null;
  private pointer = new EventTarget();
  private last = { x: 0, y: 0 };
  private pps = 100;
  readonly nextIds = { segment: 100, token: 1 };
  /** What the fake server answers for the review summary. */
  reviewSummary: ReviewSummary | null = null;
  /** What the fake server stores: track → frame → source (the jump call answers from it). */
  readonly storedSources: Record<number, Record<number, string>> = {};
  /** The video's review issues on the fake server. */
  readonly issues: ReviewIssue[] = [];
  /** The boxes a keyframe, delete or range op answers it stored besides its own (none unless a test says). */
  storedVersions: ((op: ServerOp) => DetectionVersions) | undefined = undefined;

  constructor(
    doc: EditorDoc = sampleDoc(),
    ui: Partial<AnnotateUiState> = {},
    readonly storage = new MemoryStorage(),
  ) {
    const api = fakeEditorApi(this);
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

  /** Presses a box body or corner, or a keypoint, at video pixel (x, y) (the tool decides what it does). */
  pointerDownBox(trackId: number, part: 'body' | Corner, x: number, y: number): boolean {
    const hit =
      part === 'body' ? { kind: 'box' as const, trackId } : { kind: 'corner' as const, trackId, corner: part };
    return pressOverlay(this.editor, hit, this.overlayPress(x, y));
  }
  pointerDownKeypoint(trackId: number, index: number, x: number, y: number): boolean {
    return pressOverlay(this.editor, { kind: 'keypoint', trackId, index }, this.overlayPress(x, y));
  }
  /** Presses an empty area of the frame at video pixel (x, y) (a click deselects, a drag draws a new person). */
  pointerDownEmpty(x: number, y: number): boolean {
    return pressOverlay(this.editor, { kind: 'empty' }, this.overlayPress(x, y));
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
    this.last = { x, y };
    return { x, y, sx: x, sy: y, scale: 1 };
  }

  private dispatch(type: string, clientX: number, clientY: number): void {
    const e = new Event(type);
    Object.defineProperties(e, { clientX: { value: clientX }, clientY: { value: clientY } });
    this.pointer.dispatchEvent(e);
  }
}
