// The review issues of the open video (editor.issues): the list the Annotate screen shows, the raise flow
// (R: the selected track's box at this frame, or a region drawn on the picture; then the dialog) and the
// annotator's answers (comment, resolve, reopen). Issues are review talk, not annotations: they never go
// through the document or its history, and each call is sent at once. The problem walk (N/K) reads the
// open ones through pins().
import type { IssueComment, IssueList, NewIssue, ReviewIssue } from '../../api/review-issues';
import type { AnnotateUiState } from '../document/ui-state';
import type { EditorDoc } from '../document/types';
import type { Notify } from '../notify';
import type { PlayerController } from '../playback/player-controller';
import { shownAt } from '../document/interpolate';
import { patchStore, Store } from '../store';
import type { IssueKind, IssueState } from '../../../domain/review-issues';

/** The server calls the issue list makes (the editor's API edge carries them; absent: no issues). */
export interface IssueApi {
  fetchIssues(videoId: number, signal?: AbortSignal): Promise<IssueList>;
  raiseIssue(videoId: number, body: NewIssue): Promise<ReviewIssue>;
  commentOnIssue(videoId: number, issueId: number, text: string): Promise<IssueComment>;
  setIssueState(
    videoId: number,
    issueId: number,
    body: { state: IssueState; version: number; comment?: string },
  ): Promise<ReviewIssue>;
}

export interface IssueBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** What the raise dialog opens with. */
export interface IssueDraft {
  frame: number;
  trackId: number | null;
  box: IssueBox | null;
  /** The box is a region drawn for the issue (else the track's box at the frame). */
  drawn: boolean;
  kind: IssueKind;
}

export interface IssueBookState {
  videoId: number | null;
  /** Every issue of the video, open and resolved, by frame (then id). */
  issues: ReviewIssue[];
  loaded: boolean;
  error: string | null;
  selectedId: number | null;
  /** The raise dialog is open with this. */
  draft: IssueDraft | null;
  /** A region is being drawn for a new issue (the track it will name, if any). */
  region: { trackId: number | null } | null;
}

export interface IssueHost {
  api: IssueApi | undefined;
  getDoc(): EditorDoc | null;
  getUi(): AnnotateUiState;
  updateUi(patch: Partial<AnnotateUiState>): void;
  player: PlayerController;
  notify: Notify;
}

const byFrame = (a: ReviewIssue, b: ReviewIssue) => a.frame - b.frame || a.id - b.id;
const EMPTY: IssueBookState = {
  videoId: null,
  issues: [],
  loaded: false,
  error: null,
  selectedId: null,
  draft: null,
  region: null,
};

export class IssueBook {
  readonly state = new Store<IssueBookState>(EMPTY);
  private abort: AbortController | null = null;
  private pinMemo: { issues: ReviewIssue[]; pins: { frame: number; trackId: number | null; id: number }[] } = {
    issues: [],
    pins: [],
  };

  constructor(private host: IssueHost) {}

  /** Reads the issues of a video (again). */
  load(videoId: number): Promise<void> {
    this.abort?.abort();
    const api = this.host.api;
    if (!api) return Promise.resolve();
    const abort = (this.abort = new AbortController());
    if (this.state.get().videoId !== videoId) this.state.set({ ...EMPTY, videoId });
    return api.fetchIssues(videoId, abort.signal).then(
      (list) => {
        if (!abort.signal.aborted) patchStore(this.state, { issues: list.issues, loaded: true, error: null });
      },
      (e: Error) => {
        if (!abort.signal.aborted) patchStore(this.state, { error: e.message || 'Failed to load review issues' });
      },
    );
  }

  reset(): void {
    this.abort?.abort();
    this.state.set(EMPTY);
  }
  dispose(): void {
    this.abort?.abort();
  }

  openIssues(): ReviewIssue[] {
    return this.state.get().issues.filter((i) => i.state === 'open');
  }

  /** The open issues as the problem walk needs them (memoised on the list). */
  pins(): { frame: number; trackId: number | null; id: number }[] {
    const issues = this.state.get().issues;
    if (this.pinMemo.issues !== issues)
      this.pinMemo = {
        issues,
        pins: issues
          .filter((i) => i.state === 'open')
          .map((i) => ({ frame: i.frame, trackId: i.track_exists ? i.track_id : null, id: i.id })),
      };
    return this.pinMemo.pins;
  }

  /**
   * R: with a track selected the dialog opens on it (its box at this frame); with none, or with
   * `region` (Shift+R), a region is drawn on the picture first.
   */
  startRaise(region = false): void {
    const doc = this.host.getDoc();
    if (!doc || !this.host.api) return;
    const ui = this.host.getUi();
    const trackId =
      ui.selectedTrackId !== null && doc.trackIds.includes(ui.selectedTrackId) ? ui.selectedTrackId : null;
    if (region || trackId === null) {
      patchStore(this.state, { region: { trackId }, draft: null });
      return;
    }
    const shown = shownAt(doc, ui, ui.frame)(trackId);
    const box = shown ? { x1: shown.x1, y1: shown.y1, x2: shown.x2, y2: shown.y2 } : null;
    patchStore(this.state, {
      draft: { frame: ui.frame, trackId, box, drawn: false, kind: 'wrong_box' },
      region: null,
    });
  }

  /** The region drawn (fractions of the frame), or null for the whole frame: the dialog opens. */
  finishRegion(box: IssueBox | null): void {
    const region = this.state.get().region;
    if (!region) return;
    const kind: IssueKind = region.trackId === null ? 'missed_person' : 'wrong_box';
    patchStore(this.state, {
      region: null,
      draft: { frame: this.host.getUi().frame, trackId: region.trackId, box, drawn: box !== null, kind },
    });
  }

  cancelRaise(): void {
    patchStore(this.state, { region: null, draft: null });
  }

  /** Sends the dialog's issue; true when the server took it. */
  async submit(kind: IssueKind, text: string, toFrame: number | null): Promise<boolean> {
    const { draft, videoId } = this.state.get();
    const api = this.host.api;
    if (!draft || videoId === null || !api) return false;
    try {
      const issue = await api.raiseIssue(videoId, {
        frame: draft.frame,
        to_frame: toFrame,
        track_id: draft.trackId,
        box: draft.box,
        kind,
        text,
      });
      this.put(issue);
      patchStore(this.state, { draft: null, selectedId: issue.id });
      return true;
    } catch (e) {
      this.host.notify('error', (e as Error).message || 'Failed to raise the issue');
      return false;
    }
  }

  async comment(issueId: number, text: string): Promise<boolean> {
    const { videoId } = this.state.get();
    const api = this.host.api;
    if (videoId === null || !api) return false;
    try {
      const c = await api.commentOnIssue(videoId, issueId, text);
      const issue = this.state.get().issues.find((i) => i.id === issueId);
      if (issue) this.put({ ...issue, comments: [...issue.comments, c] });
      return true;
    } catch (e) {
      this.host.notify('error', (e as Error).message || 'Failed to add the comment');
      return false;
    }
  }

  /** Resolves or reopens under the version shown; someone else's change since is reported and the list re-read. */
  async setState(issueId: number, state: IssueState, comment?: string): Promise<boolean> {
    const { videoId, issues } = this.state.get();
    const issue = issues.find((i) => i.id === issueId);
    const api = this.host.api;
    if (videoId === null || !api || !issue) return false;
    try {
      this.put(await api.setIssueState(videoId, issueId, { state, version: issue.version, comment }));
      return true;
    } catch (e) {
      this.host.notify('error', (e as Error).message || 'Failed to change the issue');
      void this.load(videoId);
      return false;
    }
  }

  /** A click in the list: the playhead goes to the issue's first frame and its track is selected. */
  select(issueId: number): Promise<number> | null {
    const issue = this.state.get().issues.find((i) => i.id === issueId);
    if (!issue) return null;
    patchStore(this.state, { selectedId: issueId });
    if (issue.track_exists && issue.track_id !== null) this.host.updateUi({ selectedTrackId: issue.track_id });
    return this.host.player.seekFrame(issue.frame);
  }

  /** Marks the issue a problem jump reached (the list scrolls to it). */
  highlight(issueId: number): void {
    patchStore(this.state, { selectedId: issueId });
  }

  private put(issue: ReviewIssue): void {
    const rest = this.state.get().issues.filter((i) => i.id !== issue.id);
    patchStore(this.state, { issues: [...rest, issue].sort(byFrame) });
  }
}
