// What the editor's helpers reach of it: the commands' keys, the drags, the canvas input, the action saves,
// the pose assist and the conflict choice take the editor as an EditorCore. AnnotationEditor implements it;
// this file imports no module that takes the editor, so the editor can use those helpers without an
// import circle.
import type { ActorRefFrom } from 'xstate';
import type { interactionMachine } from '../../../machines/interaction';
import type { PointerDownEvent } from '../../../machines/interaction-types';
import type { CommandArgs, CommandName, CorrectionDialog } from '../commands/types';
import type { DocChangeReason, EditorDoc } from '../document/types';
import type { AnnotateUiState } from '../document/ui-state';
import type { RowDrafts } from '../document/row-drafts';
import type { EditHistory, PerformOptions } from '../history/history';
import type { PlayerController } from '../playback/player-controller';
import type { ReviewNav } from '../review/review-nav';
import type { IssueBook } from '../review/issue-book';
import type { SaveQueue } from '../save/save-queue';
import type { Viewport } from '../canvas/viewport';
import type { Store } from '../store';
import type { EditorDeps } from './editor-deps';
import type { Notify } from '../notify';
import type { SpaceHold } from './space-hold';

/** The correction dialog open now (range delete, swap, move, propagate N, follow), `shift` as pressed. */
export interface CorrectionDialogState {
  kind: CorrectionDialog;
  shift: boolean;
  trackId?: number;
}
export interface EditDialogs {
  merge: boolean;
  deleteTrack: number | null;
  correction?: CorrectionDialogState | null;
}

/** Actions other components own that screen keys reach through the editor (see use-screen-action.ts). */
export interface ScreenActions {
  openHelp?: () => void;
  /** Goes to the previous (-1) or next (1) video; false when there is none. */
  goToVideo?: (dir: -1 | 1) => boolean;
}

export interface EditorCore {
  readonly deps: EditorDeps;
  readonly dialogs: Store<EditDialogs>;
  readonly rows: RowDrafts;
  readonly saves: SaveQueue;
  readonly history: EditHistory;
  readonly player: PlayerController;
  readonly review: ReviewNav;
  readonly issues: IssueBook;
  readonly interaction: ActorRefFrom<typeof interactionMachine>;
  readonly spaceHold: SpaceHold;
  readonly viewport: Viewport;
  readonly screenActions: Store<ScreenActions>;
  getDoc(): EditorDoc | null;
  getUi(): AnnotateUiState;
  updateUi(patch: Partial<AnnotateUiState> | ((s: AnnotateUiState) => Partial<AnnotateUiState>)): void;
  /** Publishes a document that is not an edit: a load, merged windows, server stamps. */
  publishDoc(next: EditorDoc | null, reason?: Exclude<DocChangeReason, 'edit'>): void;
  notify: Notify;
  /** Runs a named command as one undoable edit (and queues its server ops unless `synced`). */
  perform<N extends CommandName>(name: N, args: CommandArgs[N], opts?: PerformOptions): boolean;
  undo(): void;
  redo(): void;
  /** Starts a drag (the pointer-down of a box, corner, keypoint or timeline bar). */
  pointerDown(e: Omit<PointerDownEvent, 'type' | 'source'> & { source?: EventTarget | null }): void;
  /** A running drag goes back to where it started. */
  cancelDrag(): void;
}
