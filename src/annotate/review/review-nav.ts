// Review navigation of the Annotate screen: turns review into a walk from problem to problem instead of
// watching the whole video. It holds the server's compact review summary (presence runs, low-confidence
// runs, heavy overlaps, verified marks — never the detections), the chosen problem kind, and jumps the
// playhead to the next or previous problem. The AnnotationEditor owns one (editor.review).
import type { ActionSegment } from '../../../domain/types';
import type { EditorDoc } from '../document/types';
import type { ServerOp } from '../save/server-ops';
import type { AnnotateUiState } from '../document/ui-state';
import type { Notify } from '../notify';
import { frameAtTime, safeFps } from '../playback/frame-math';
import type { PlayerController } from '../playback/player-controller';
import { patchStore, Store } from '../store';
import {
  findProblems,
  nextProblem,
  PROBLEM_KINDS,
  PROBLEM_LABEL,
  type Problem,
  type ProblemFilter,
  type ReviewSummary,
  type TrackVerifiedMark,
} from '../../../domain/review-navigation';

export interface ReviewNavState {
  summary: ReviewSummary | null;
  filter: ProblemFilter;
  /** Walk past tracks someone marked verified (and nobody edited since). */
  skipVerified: boolean;
  /** The problem the playhead was last sent to. */
  current: Problem | null;
  /** 'No next problem' and the like, shown beside the buttons. */
  message: string | null;
}

/** Where a track has detections, and where they are below the low-confidence mark (the timeline draws these). */
export interface TrackPresence {
  runs: readonly number[];
  low: readonly number[];
}

/** The server calls review navigation makes (part of the editor's API edge). */
export interface ReviewApi {
  /** The compact per-track summary. */
  fetchReviewSummary(videoId: number, signal?: AbortSignal): Promise<ReviewSummary>;
  setTrackVerified(
    videoId: number,
    trackId: number,
    verified: boolean,
  ): Promise<{ track_id: number; verified: TrackVerifiedMark | null }>;
}

export interface ReviewHost {
  api: ReviewApi;
  getDoc(): EditorDoc | null;
  getUi(): AnnotateUiState;
  updateUi(patch: Partial<AnnotateUiState>): void;
  player: PlayerController;
  notify: Notify;
  /** The open review issues (editor.issues), walked as the 'issue' problem kind. */
  issuePins?(): readonly { frame: number; trackId: number | null; id: number }[];
  /** A jump reached a review issue: the list marks it. */
  onIssue?(issueId: number): void;
}

const FILTERS: readonly ProblemFilter[] = ['all', ...PROBLEM_KINDS];

export class ReviewNav {
  readonly state = new Store<ReviewNavState>({
    summary: null,
    filter: 'all',
    skipVerified: true,
    current: null,
    message: null,
  });
  private abort: AbortController | null = null;
  private memo: { key: unknown[]; problems: Problem[] } | null = null;
  private presenceMemo: { summary: ReviewSummary | null; map: Map<number, TrackPresence> } = {
    summary: null,
    map: new Map(),
  };

  constructor(private host: ReviewHost) {}

  /** Reads the summary of a video (again): on open, and after edits that change which frames a track covers. */
  load(videoId: number): Promise<void> {
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    return this.host.api.fetchReviewSummary(videoId, abort.signal).then(
      (summary) => {
        if (abort.signal.aborted || this.host.getDoc()?.videoId !== videoId) return;
        patchStore(this.state, { summary });
      },
      (e: Error) => {
        if (!abort.signal.aborted)
          this.host.notify('warning', `Problem navigation is not available: ${e.message || 'Failed to load'}`);
      },
    );
  }

  /** A new video: nothing of the last one's summary stays. */
  reset(): void {
    this.abort?.abort();
    this.memo = null;
    patchStore(this.state, { summary: null, current: null, message: null });
  }

  dispose(): void {
    this.abort?.abort();
  }

  /** Presence and low-confidence runs by track, for the timeline (rebuilt when the summary changes). */
  presence(): ReadonlyMap<number, TrackPresence> {
    const summary = this.state.get().summary;
    if (this.presenceMemo.summary !== summary)
      this.presenceMemo = { summary, map: new Map(summary?.tracks.map((t) => [t.track_id, t]) ?? []) };
    return this.presenceMemo.map;
  }

  /** The problems of the chosen kind, recomputed only when their inputs change. */
  problems(): Problem[] {
    const s = this.state.get();
    const doc = this.host.getDoc();
    const ui = this.host.getUi();
    const issues = this.host.issuePins?.() ?? [];
    const key = [s.summary, s.filter, s.skipVerified, doc?.segments, ui.hiddenTracks, issues];
    if (this.memo && this.memo.key.every((k, i) => k === key[i])) return this.memo.problems;
    const fps = safeFps(doc?.info.fps);
    const proposals = (doc?.segments ?? [])
      .filter((g) => !g.human_verified)
      .map((g) => [g.track_id, frameAtTime(g.start_time, fps)] as const);
    const problems = findProblems(s.filter, {
      summary: s.summary,
      proposals,
      hidden: ui.hiddenTracks,
      skipVerified: s.skipVerified,
      issues,
    });
    this.memo = { key, problems };
    return problems;
  }

  /** Sends the playhead to the next (1) or previous (-1) problem and selects its track. */
  async jump(dir: 1 | -1): Promise<number | null> {
    const problems = this.problems();
    const frames = problems.map((p) => p.frame);
    const target = nextProblem(frames, this.host.getUi().frame, dir);
    if (target === null) {
      const what = PROBLEM_LABEL[this.state.get().filter].toLowerCase();
      patchStore(this.state, {
        message: problems.length ? `No ${dir === 1 ? 'next' : 'previous'} problem (${what})` : `No problems (${what})`,
      });
      return null;
    }
    const problem = problems.find((p) => p.frame === target)!;
    patchStore(this.state, { current: problem, message: null });
    if (problem.trackId !== null) this.host.updateUi({ selectedTrackId: problem.trackId });
    if (problem.issueId !== undefined) this.host.onIssue?.(problem.issueId);
    return this.host.player.seekFrame(target);
  }

  setFilter(filter: ProblemFilter): void {
    patchStore(this.state, { filter, message: null });
  }
  /** The next kind in the selector's order (dir -1: the previous one). */
  cycleFilter(dir: 1 | -1 = 1): void {
    const i = FILTERS.indexOf(this.state.get().filter);
    this.setFilter(FILTERS[(i + dir + FILTERS.length) % FILTERS.length]);
  }
  setSkipVerified(skipVerified: boolean): void {
    patchStore(this.state, { skipVerified, message: null });
  }

  markOf(trackId: number): TrackVerifiedMark | null {
    return this.state.get().summary?.tracks.find((t) => t.track_id === trackId)?.verified ?? null;
  }

  /**
   * A saved edit: the server stamps an edited verified track "edited since verified", so the mark here
   * shows it too; merges, deletes and restores change which frames tracks cover, so the summary is read again.
   */
  afterSave(op: ServerOp, segments: readonly ActionSegment[]): void {
    if (op.kind === 'track.merge' || op.kind === 'track.delete' || op.kind === 'track.restore') {
      void this.load(op.videoId);
      return;
    }
    const tracks = new Set(segments.map((g) => g.track_id));
    if (op.kind === 'detection.put' || op.kind === 'detection.delete') tracks.add(op.trackId);
    const s = this.state.get().summary;
    if (!s || !s.tracks.some((t) => t.verified && !t.verified.edited_at && tracks.has(t.track_id))) return;
    const at = new Date().toISOString();
    patchStore(this.state, {
      summary: {
        ...s,
        tracks: s.tracks.map((t) =>
          t.verified && !t.verified.edited_at && tracks.has(t.track_id)
            ? { ...t, verified: { ...t.verified, edited_at: at } }
            : t,
        ),
      },
    });
  }

  /** Sets or clears a track's verified mark on the server, then shows the mark it answers. */
  async setVerified(trackId: number, verified: boolean): Promise<void> {
    const doc = this.host.getDoc();
    if (!doc) return;
    try {
      const res = await this.host.api.setTrackVerified(doc.videoId, trackId, verified);
      const s = this.state.get().summary;
      if (!s || s.video_id !== doc.videoId) return;
      patchStore(this.state, {
        summary: { ...s, tracks: s.tracks.map((t) => (t.track_id === trackId ? { ...t, verified: res.verified } : t)) },
      });
    } catch (e) {
      this.host.notify('error', (e as Error).message || 'Failed to save');
    }
  }
}
