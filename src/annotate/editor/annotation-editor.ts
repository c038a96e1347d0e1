// The Annotate screen's editor object: created once per page mount from its dependencies (the API edge,
// a clock, where pointer events come from), handed to the components through React context
// (useEditor()), and disposed on unmount. It owns everything that changes while a video is open:
// - doc: the annotation set as an immutable, immer-managed EditorDoc, with the reason of each change
//   (only 'edit' is a user's edit; never mutate a published document);
// - ui: frame, selection, toggles, mode; dialogs; rows (the data panel's drafts and NEW chips);
// - history (undo/redo and the drag mark) and saves (the queue that carries every edit to the server);
// - the interaction actor (pointer drags), the editorMode actor (view ⇄ edit) and the player.
// Konva and React draw from these stores and never own editor state.
import { watchFollow } from '../edit/follow-watch';
import { dropStalePreviews } from '../document/range-preview';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { editorModeMachine } from '../../../machines/editor-mode';
import type { interactionMachine } from '../../../machines/interaction';
import type { PointerDownEvent } from '../../../machines/interaction-types';
import { getCommand } from '../commands/registry';
import type { CommandArgs, CommandName } from '../commands/types';
import type { DocChangeReason, EditorDoc } from '../document/types';
import { initialUiState, type AnnotateUiState, type EditorMode } from '../document/ui-state';
import { EditHistory, type PerformOptions } from '../history/history';
import { LoadTiming } from '../loader/load-timing';
import { openVideo } from '../loader/open-video';
import { PlayerController } from '../playback/player-controller';
import type { SaveQueue } from '../save/save-queue';
import type { SaveConflict } from '../save/save-queue-types';
import { resolveConflict, type ConflictChoice } from '../save/conflicts';
import { RowDrafts } from '../document/row-drafts';
import { ReviewNav } from '../review/review-nav';
import { newOverlayStats, newTimelineStats } from '../draw-stats';
import { IssueBook } from '../review/issue-book';
import { patchStore, Store } from '../store';
import type { EditorDeps } from './editor-deps';
import type { Notify } from '../notify';
import { SpaceHold } from './space-hold';
import { newEditorSaves } from './editor-saves';
import { Viewport } from '../canvas/viewport';
import { CanvasInput, type CanvasEvent, type CanvasOutcome } from '../tools/canvas-input';
import { createInteraction } from '../tools/interaction-host';
import type { EditDialogs, EditorCore, ScreenActions } from './editor-core';

/** The signed-in state the mode switch needs, from the page's session. */
export interface ModeSession {
  signedIn: boolean;
  requireSignIn: (text?: string) => void;
}

export class AnnotationEditor implements EditorCore {
  readonly doc = new Store<EditorDoc | null, DocChangeReason>(null);
  readonly ui = new Store<AnnotateUiState>(initialUiState);
  readonly dialogs = new Store<EditDialogs>({ merge: false, deleteTrack: null, correction: null });
  readonly rows = new RowDrafts();
  readonly timing: LoadTiming;
  /** What the overlay and the timeline drew last (the __vat probes and the benchmarks read these). */
  readonly overlayStats = newOverlayStats();
  readonly timelineStats = newTimelineStats();
  readonly saves: SaveQueue;
  readonly history: EditHistory;
  readonly player: PlayerController;
  /** Review navigation: the problem walk and the tracks' verified marks (see review/review-nav.ts). */
  readonly review: ReviewNav;
  /** The video's review issues: the list, the raise flow, resolve and comment (see review/issue-book.ts). */
  readonly issues: IssueBook;
  readonly interaction: ActorRefFrom<typeof interactionMachine>;
  /** Space as a tap (play/pause) or a hold (pan); see space-hold.ts. */
  readonly spaceHold = new SpaceHold();
  /** The player's zoom and pan (see canvas/viewport.ts); the video, the overlay and the hit-test read it. */
  readonly viewport: Viewport;
  private readonly canvasInput = new CanvasInput(this);
  /** What screen keys reach outside the editor: the help dialog and the neighbouring videos register here. */
  readonly screenActions = new Store<ScreenActions>({});
  /** The view ⇄ edit machine; a new one per opened video (each video opens in view mode). */
  mode: ActorRefFrom<typeof editorModeMachine>;
  private notifier: Notify;
  private session: ModeSession | null = null;
  private closeVideo: (() => void) | null = null;
  private disposed = false;
  /** The follows whose boxes are shown as they come (stopped with the editor). */
  private readonly follows = new Set<() => void>();

  constructor(readonly deps: EditorDeps) {
    const { api, clock } = deps;
    this.notifier = deps.notify ?? ((_s, text) => console.warn(text));
    this.timing = new LoadTiming(clock);
    this.viewport = new Viewport(deps.viewStorage);
    this.player = new PlayerController(this.ui, this.timing, clock);
    const host = {
      player: this.player,
      getDoc: () => this.doc.get(),
      getUi: () => this.ui.get(),
      updateUi: (p: Partial<AnnotateUiState>) => this.updateUi(p),
      notify: ((s, t) => this.notify(s, t)) as Notify,
    };
    this.issues = new IssueBook({ ...host, api: api.issues });
    this.review = new ReviewNav({
      ...host,
      api,
      issuePins: () => this.issues.pins(),
      onIssue: (id) => this.issues.highlight(id),
    });
    this.saves = newEditorSaves(this);
    this.history = new EditHistory(
      { get: () => this.doc.get(), set: (d, reason = 'edit') => this.doc.set(d, reason) },
      (op) => this.saves.enqueue(op),
      (n) => getCommand(n).label,
    );
    // A new document (another video, a reload) starts a fresh history; other non-edit changes keep it.
    this.doc.subscribe((_d, _p, reason) => {
      if (reason === 'load') {
        this.history.clear();
        this.rows.reset();
      }
    });

    this.interaction = createInteraction(this);
    dropStalePreviews(this.ui);

    this.mode = this.startMode();
  }

  private startMode(): ActorRefFrom<typeof editorModeMachine> {
    return createActor(
      editorModeMachine.provide({
        actions: {
          pausePlayback: () => this.player.pause(),
          requireSignIn: (_, p) => this.session?.requireSignIn(p.text),
          showMode: (_, p) => this.updateUi({ mode: p.mode }),
          discardDrafts: () => {
            this.rows.clearAll();
            this.cancelDrag();
            this.leaveDrawTool();
          },
          clearHistory: () => this.history.clear(),
        },
        actors: { flushSaves: fromPromise(() => this.saves.flush(null)) },
      }),
      { clock: this.deps.clock },
    ).start();
  }

  getDoc(): EditorDoc | null {
    return this.doc.get();
  }
  getUi(): AnnotateUiState {
    return this.ui.get();
  }
  updateUi(patch: Partial<AnnotateUiState> | ((s: AnnotateUiState) => Partial<AnnotateUiState>)): void {
    patchStore(this.ui, patch);
  }
  /** Publishes a document that is not an edit: a load, merged windows, server stamps. */
  publishDoc(next: EditorDoc | null, reason: Exclude<DocChangeReason, 'edit'> = 'load'): void {
    this.doc.set(next, reason);
  }
  /** A new video: UI state back to the start, keeping the toggles and the player size. */
  restartUi(keep: Partial<AnnotateUiState> = {}): void {
    const prev = this.ui.get();
    this.ui.set({ ...initialUiState, toggles: prev.toggles, playerSize: prev.playerSize, ...keep });
  }

  notify: Notify = (severity, text) => this.notifier(severity, text);
  /** The page routes edit messages to its snackbar while it is mounted. */
  bindNotifier(fn: Notify): () => void {
    this.notifier = fn;
    return () => {
      if (this.notifier === fn) this.notifier = (_s, t) => console.warn(t);
    };
  }

  /** The View/Edit toggle: edit needs a signed-in user; leaving discards drafts and flushes saves. */
  requestMode(mode: EditorMode, session: ModeSession): void {
    this.session = session;
    this.mode.send(mode === 'edit' ? { type: 'mode.edit', signedIn: session.signedIn } : { type: 'mode.view' });
  }
  signedOut(): void {
    this.mode.send({ type: 'session.signedOut' });
  }

  /** Runs a named command as one undoable edit (and queues its server ops unless `synced`). */
  perform<N extends CommandName>(name: N, args: CommandArgs[N], opts?: PerformOptions): boolean {
    return this.history.perform(name, args, opts);
  }
  undo(): void {
    this.history.undo();
  }
  /** A save someone else's got in the way of: show theirs, or save mine over it (see save/conflicts.ts). */
  resolveConflict(c: SaveConflict, choice: ConflictChoice): Promise<void> {
    return resolveConflict(this, c, choice).catch((e: Error) =>
      this.notify('error', `Could not load the latest version: ${e.message}`),
    );
  }
  redo(): void {
    this.history.redo();
  }

  /** Sends a press to the interaction machine's tool (a box, corner, joint, the picture, a timeline bar or row); see tools/press.ts. */
  pointerDown(e: Omit<PointerDownEvent, 'type' | 'source'> & { source?: EventTarget | null }): void {
    const source = e.source === undefined ? (this.deps.pointerEvents ?? window) : e.source;
    this.interaction.send({ type: 'pointer.down', ...e, source });
  }
  /** Every pointer event of the player's overlay: zoom, pan, and the hit-tested presses (tools/canvas-input.ts). */
  dispatch(e: CanvasEvent): CanvasOutcome {
    return this.canvasInput.dispatch(e);
  }
  /** A running drag goes back to where it started (another video, view mode, a lost pointer). */
  cancelDrag(): void {
    this.interaction.send({ type: 'drag.cancel' });
  }
  /** View mode and another video draw nothing: the draw tool goes back to select (the hand stays). */
  private leaveDrawTool(): void {
    if (this.interaction.getSnapshot().context.tool === 'draw') this.interaction.send({ type: 'tool.select' });
  }
  get dragging(): boolean {
    return this.history.dragging;
  }

  /** Opens a video: the summary, then detection windows around the playhead (see loader/open-video.ts). */
  open(videoId: number, onError: (text: string) => void = (t) => this.notify('error', t)): () => void {
    this.closeVideo?.();
    // Another video opens in view mode, with no drag running; saves of the last one carry on.
    this.cancelDrag();
    this.leaveDrawTool();
    this.mode.stop();
    this.mode = this.startMode();
    this.viewport.openVideo(videoId);
    this.publishDoc(null);
    this.restartUi();
    this.review.reset();
    this.issues.reset();
    this.timing.start(videoId);
    const close = openVideo(
      this.deps.api,
      videoId,
      {
        getDoc: () => this.getDoc(),
        publishDoc: (doc, reason) => this.publishDoc(doc, reason),
        updateUi: (patch) => this.updateUi(patch),
        editing: () => this.getUi().mode === 'edit',
        onFrame: (fn) =>
          this.ui.subscribe((s, p) => {
            if (s.frame !== p.frame) fn(s.frame);
          }),
        timing: this.timing,
        // the review summary and the review issues, once the first frame shows (they wait behind it)
        loadReview: (id) => {
          void this.review.load(id);
          void this.issues.load(id);
        },
      },
      onError,
    );
    this.closeVideo = close;
    return () => {
      close();
      if (this.closeVideo === close) this.closeVideo = null;
    };
  }

  /** Shows a running follow's boxes as they are made (edit/follow-watch.ts). */
  watchFollow(videoId: number, trackId: number, jobId: number): void {
    this.follows.add(watchFollow(this, videoId, trackId, jobId));
  }

  /** The page is gone: stop the actors, the player, the loader, the follows and the save retries. */
  dispose(): void {
    for (const stop of this.follows) stop();
    this.follows.clear();
    if (this.disposed) return;
    this.disposed = true;
    this.closeVideo?.();
    this.interaction.stop();
    this.mode.stop();
    this.player.dispose();
    this.saves.dispose();
    this.review.dispose();
    this.issues.dispose();
  }
}
