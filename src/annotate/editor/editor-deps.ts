// What an AnnotationEditor is built from: the API edge (the server calls it makes) and a clock. The page
// passes the real ones (httpEditorApi, systemClock); tests pass fakes (tests/annotate/test-editor.ts).
import type { AnnotationSummary } from '../../api/annotate';
import { fetchDetectionWindow, fetchVideoSettingsOrNull, fetchReviewSummary, fetchSummary } from '../../api/annotate';
import { putTrackVerified } from '../../api/annotation-edits';
import {
  assistPose,
  followTrack,
  type FollowResult,
  type FrameBox,
  type PoseAssistResult,
} from '../../api/track-corrections';
import type { ReviewSummary, TrackVerifiedMark } from '../../../domain/review-navigation';
import type { WindowFetcher } from '../loader/window-loader';
import { executeOp, type OpExecutor } from '../save/execute-op';
import type { ViewStorage } from '../canvas/viewport';
import type { IssueApi } from '../review/issue-book';
import { commentOnIssue, fetchIssues, raiseIssue, setIssueState } from '../../api/review-issues';

/** Every server call the editor makes: reading the annotation set and running edit ops. */
export interface EditorApi {
  fetchSummary(videoId: number, signal?: AbortSignal): Promise<AnnotationSummary>;
  fetchDetectionWindow: WindowFetcher;
  /** The render settings (null when that call fails: defaults apply). */
  fetchVideoSettings(): Promise<Record<string, unknown> | null>;
  /** Runs one server op of an edit (or of its undo). */
  execute: OpExecutor;
  /** Review navigation: the compact per-track summary, and a track's verified mark. */
  fetchReviewSummary(videoId: number, signal?: AbortSignal): Promise<ReviewSummary>;
  setTrackVerified(
    videoId: number,
    trackId: number,
    verified: boolean,
  ): Promise<{ track_id: number; verified: TrackVerifiedMark | null }>;
  /** The pose model's skeleton for a drawn box (POST …/assist/pose); absent: drawn boxes stay without one. */
  assistPose?(videoId: number, frame: number, box: FrameBox): Promise<PoseAssistResult>;
  /** Starts 'Follow this person' (a long job). */
  followTrack?(
    videoId: number,
    trackId: number,
    body: { from_frame: number; direction: 'forward' | 'backward'; max_frames: number; version?: number },
  ): Promise<FollowResult>;
  /** Review issues of the video (list, raise, comment, resolve); absent: the screen shows none. */
  issues?: IssueApi;
}

export const httpEditorApi: EditorApi = {
  fetchSummary,
  fetchDetectionWindow,
  fetchVideoSettings: fetchVideoSettingsOrNull,
  execute: executeOp,
  fetchReviewSummary,
  setTrackVerified: putTrackVerified,
  assistPose,
  followTrack,
  issues: { fetchIssues, raiseIssue, commentOnIssue, setIssueState },
};

/** Time as the editor sees it: save retries, the flush and seek timeouts, load milestones. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export type Severity = 'error' | 'warning' | 'info' | 'success';
export type Notify = (severity: Severity, text: string) => void;

export interface EditorDeps {
  api: EditorApi;
  clock: Clock;
  /** Where edit messages go (the page's snackbar; rebound with editor.bindNotifier). */
  notify?: Notify;
  /** Where drags listen for pointer moves and the release (the window; tests pass an EventTarget). */
  pointerEvents?: EventTarget;
  /** Where each video's zoom and pan are kept (sessionStorage unless given; null keeps none). */
  viewStorage?: ViewStorage | null;
}
