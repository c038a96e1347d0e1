// What an AnnotationEditor is built from: the API edge (the server calls it makes) and a clock. The page
// passes the real ones (httpEditorApi, systemClock); tests pass fakes (tests/annotate/test-editor.ts).
import {
  fetchDetectionWindow,
  fetchVideoSettingsOrNull,
  fetchReviewSummary,
  fetchSummary,
  fetchTrackJump,
} from '../../api/annotate';
import { putTrackVerified } from '../../api/annotation-edits';
import {
  assistPose,
  followProgress,
  followTrack,
  type FollowProgress,
  type FollowResult,
  type FrameBox,
  type PoseAssistResult,
} from '../../api/track-corrections';
import type { LoaderApi } from '../loader/open-video';
import type { ReviewApi } from '../review/review-nav';
import { executeOp, type OpExecutor } from '../save/execute-op';
import type { ViewStorage } from '../canvas/viewport';
import type { JumpKind, TrackJump } from '../../../domain/contract/track-jumps';
import type { Clock } from '../clock';
import type { Notify } from '../notify';
import type { IssueApi } from '../review/issue-book';
import { commentOnIssue, fetchIssues, raiseIssue, setIssueState } from '../../api/review-issues';

/** Every server call the editor makes: reading the annotation set (the loader's), the review summary and
 *  verified marks (review navigation's), and running edit ops. */
export interface EditorApi extends LoaderApi, ReviewApi {
  /** Runs one server op of an edit (or of its undo). */
  execute: OpExecutor;
  /** The nearest keyframe (or analysed frame) of a track from the whole track (the jump keys). */
  fetchTrackJump(
    videoId: number,
    trackId: number,
    q: { from: number; direction: 'prev' | 'next'; kind: JumpKind },
  ): Promise<TrackJump>;
  /** The pose model's skeleton for a drawn box (POST …/assist/pose); absent: drawn boxes stay without one. */
  assistPose?(videoId: number, frame: number, box: FrameBox): Promise<PoseAssistResult>;
  /** Starts 'Follow this person' (a long job). */
  followTrack?(
    videoId: number,
    trackId: number,
    body: { from_frame: number; direction: 'forward' | 'backward'; max_frames: number; version?: number },
  ): Promise<FollowResult>;
  /** What a running follow made so far (GET …/follow/{jobId}?after=n); absent: its boxes show on reload. */
  followProgress?(videoId: number, trackId: number, jobId: number, after: number): Promise<FollowProgress>;
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
  fetchTrackJump,
  assistPose,
  followTrack,
  followProgress,
  issues: { fetchIssues, raiseIssue, commentOnIssue, setIssueState },
};

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
