// The TestEditor's fake server: answers every API call the editor makes with the shapes of the published
// contract (serveOne checks each call and answer against it), records what was sent, and lets a test
// fail an op, hold a pose assist until it answers, or set the review summary.
import type { ReviewSummary } from '../../domain/review-navigation';
import type { ActionSegment } from '../../domain/types';
import type { DetectionVersions } from '../../domain/contract/annotation-edits';
import type { EditorApi } from '../../src/annotate/editor/editor-deps';
import type { EditorDoc } from '../../src/annotate/document/types';
import { executeOp, type TrackVersions } from '../../src/annotate/save/execute-op';
import { rangeTracks, type ServerOp } from '../../src/annotate/save/server-ops';
import {
  assistPose,
  followProgress,
  followTrack,
  type FollowProgress,
  type PoseAssistResult,
} from '../../src/api/track-corrections';
import { putTrackVerified } from '../../src/api/annotation-edits';
import { fetchReviewSummary, fetchTrackJump } from '../../src/api/annotate';
import { savedRow, serveOne } from './contract-server';
import { fakeIssueApi } from './fake-issues';
import type { ReviewIssue } from '../../domain/contract/review-issues';

/** What the fake server reads and records (the TestEditor holds it, so tests read it there). */
export interface FakeServerState {
  /** Server ops in the order the API edge received them. */
  readonly sent: ServerOp[];
  /** The version each sent op was based on (same order as `sent`). */
  readonly sentVersions: Array<number | undefined>;
  /** The track versions each sent op carried (range ops; same order as `sent`). */
  readonly sentTrackVersions: TrackVersions[];
  /** The fake server's track versions (every change of a track's boxes bumps its version, as the contract says). */
  readonly trackVersions: Record<number, number>;
  /** Pose assist calls, each answered when the test calls `answer`. */
  readonly assistCalls: Array<{ frame: number; box: unknown; answer: (r: PoseAssistResult | Error) => void }>;
  /** Follow jobs started. */
  readonly followCalls: Array<{ trackId: number; body: unknown }>;
  /** What the follow job answers, one per poll (none left: the poll fails). */
  readonly followAnswers: FollowProgress[];
  /** Makes the API edge fail an op (return an error to throw, or null to answer). */
  failWith: ((op: ServerOp) => unknown) | null;
  /** The boxes a keyframe, delete or range op answers it stored besides its own (none unless a test says). */
  storedVersions?: (op: ServerOp) => DetectionVersions;
  /** What the fake server answers for the review summary. */
  reviewSummary: ReviewSummary | null;
  /** The sources the server stores per track and frame (the jump call reads these, not the document). */
  readonly storedSources: Record<number, Record<number, string>>;
  /** The next ids the server hands out for new actions and undo tokens. */
  readonly nextIds: { segment: number; token: number };
  /** The editor's current document (answers name its rows). */
  readonly doc: EditorDoc;
  /** The video's review issues as the fake server holds them. */
  readonly issues: ReviewIssue[];
}

/** The editor's API edge, served by the fake server `s`. */
export function fakeEditorApi(s: FakeServerState): EditorApi {
  return {
    issues: fakeIssueApi(s.issues),
    fetchSummary: () => Promise.reject(new Error('the TestEditor starts from a document')),
    fetchDetectionWindow: () => Promise.reject(new Error('the TestEditor starts from a document')),
    fetchVideoSettings: async () => null,
    execute: (op, version, tracks) =>
      serveOne(
        () => executeOp(op, version, tracks ?? {}),
        () => answer(s, op, version, tracks ?? {}),
      ),
    assistPose: (v, frame, box) =>
      serveOne(
        () => assistPose(v, frame, box),
        () =>
          new Promise<PoseAssistResult>((resolve, reject) => {
            s.assistCalls.push({ frame, box, answer: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
          }),
      ),
    followTrack: (v, trackId, body) =>
      serveOne(
        () => followTrack(v, trackId, body),
        () => {
          s.followCalls.push({ trackId, body });
          return { job_id: 77 };
        },
      ),
    followProgress: (v, trackId, jobId, after) =>
      serveOne(
        () => followProgress(v, trackId, jobId, after),
        () => s.followAnswers.shift() ?? Promise.reject(new Error('the follow job has no more answers')),
      ),
    fetchTrackJump: (v, trackId, q) =>
      serveOne(
        () => fetchTrackJump(v, trackId, q),
        () => {
          const wanted = q.kind === 'keyframe' ? ['human', 'outside'] : ['ai', 'human', 'outside'];
          const frames = Object.entries(s.storedSources[trackId] ?? {})
            .filter(([, source]) => wanted.includes(source))
            .map(([f]) => Number(f))
            .sort((a, b) => a - b);
          const frame =
            q.direction === 'next' ? frames.find((f) => f > q.from) : frames.filter((f) => f < q.from).pop();
          return { track_id: trackId, frame: frame ?? null };
        },
      ),
    fetchReviewSummary: (v, signal) =>
      serveOne(
        () => fetchReviewSummary(v, signal),
        () => s.reviewSummary ?? Promise.reject(new Error('no review summary')),
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
}

/** A copy of what was sent at that moment (tokens change later, as they do in the browser). */
function structuredCloneOp(op: ServerOp): ServerOp {
  return 'token' in op ? ({ ...op, token: { ...op.token } } as ServerOp) : op;
}

/** What the server answers: the shapes of domain/contract (the fake server checks them). */
function answer(s: FakeServerState, op: ServerOp, version: number | undefined, tracks: TrackVersions): unknown {
  const err = s.failWith?.(op);
  if (err) throw err;
  s.sent.push(structuredCloneOp(op));
  s.sentVersions.push(version);
  s.sentTrackVersions.push(tracks);
  const bump = (t: number) => (s.trackVersions[t] = (s.trackVersions[t] ?? s.doc.trackVersions?.[t] ?? 0) + 1);
  const newId = () => Math.max(0, ...s.doc.trackIds) + 1;
  const segment = (id: number) => s.doc.segments.find((s) => s.id === id);
  switch (op.kind) {
    case 'track.create': {
      const detection = savedRow(op.made.value ?? op.trackId, op.frame, 1, op.det);
      // a create whose track exists already (a redo) is a keyframe PUT
      if (op.made.value !== null)
        return { detection, track_version: bump(op.made.value), filled_frames: 0, detection_versions: [] };
      return { track_id: op.trackId, track_version: bump(op.trackId), detection };
    }
    case 'detection.keyframe':
      return {
        detection: savedRow(op.trackId, op.frame, (version ?? 0) + 1, op.det),
        track_version: bump(op.trackId),
        filled_frames: 0,
        detection_versions: s.storedVersions?.(op) ?? [],
      };
    case 'track.range': {
      op.token.value = s.nextIds.token++;
      const c = op.call;
      const undo_token = op.token.value;
      const versions = Object.fromEntries(rangeTracks(op).map((t) => [t, bump(t)]));
      const stored = s.storedVersions?.(op) ?? [];
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
          return { deleted: 1, track_version: versions[op.trackId], detection_versions: stored, undo_token };
        case 'interpolate':
          return { filled_frames: 1, track_version: versions[op.trackId], detection_versions: stored, undo_token };
        case 'propagate':
          return {
            changed_frames: 1,
            to_frame: c.to ?? c.from + 1,
            track_version: versions[op.trackId],
            detection_versions: stored,
            undo_token,
          };
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
        detection_versions: s.storedVersions?.(op) ?? [],
      };
    case 'segment.create':
      return { ...op.segment, id: op.purpose === 'restore' ? op.segment.id : s.nextIds.segment++ };
    // Like the real executor, a merge / delete hands its undo token to the entry, a restore spends it.
    case 'track.merge': {
      op.token.value = s.nextIds.token++;
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
      op.token.value = s.nextIds.token++;
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
