// The review issue calls' rules: an issue is raised on a live video at frames inside it, on a track it has;
// comments are appended; a state change names the version it was based on (428 without, 409 naming who
// changed it when stale). Each write is one transaction that also recounts the video's open issues and
// writes a line to the video's log (who did what to which issue), so the log is the issues' audit trail.
// Issues are review talk, not annotations: they do not bump the annotation version, and the lock of
// reviewed videos does not apply to them (a reviewer can still raise one on a reviewed video).
import type { Db, Tx } from '../../db/connect';
import { Conflict, NotFound, PreconditionRequired, TooMany, Unprocessable } from '../../domain-errors';
import { trackExists } from '../../repositories/detections';
import {
  countComments,
  countVideoComments,
  countVideoIssues,
  existingTracks,
  findIssue,
  insertComment,
  insertIssue,
  issueCounts,
  listComments,
  listIssues as listIssueRows,
  lockOpenIssueCount,
  recountOpenIssues,
  updateIssueAtVersion,
  type CommentRow,
  type IssueRow,
} from '../../repositories/review-issues';
import { appendProcessingLog } from '../../repositories/status';
import { requireLiveVideo } from '../videos';
import {
  describeIssue,
  MAX_COMMENTS_PER_ISSUE,
  MAX_COMMENTS_PER_VIDEO,
  MAX_ISSUES_PER_VIDEO,
  oneLine,
  type IssueKind,
  type IssueState,
} from '../../../domain/review-issues';
import type { IssueComment, IssueList, ReviewIssue } from '../../../domain/contract/review-issues';
import type { Identity } from '../../../domain/types';
import { commentDto, issueDto, issueRef, trackLabel } from './issue-dto';

export interface NewIssue {
  frame: number;
  to_frame?: number | null;
  track_id?: number | null;
  box?: { x1: number; y1: number; x2: number; y2: number } | null;
  kind: IssueKind;
  text: string;
}

export interface IssueChange {
  state: IssueState;
  version?: number;
  comment?: string;
}

/** The video's row is locked first by every issue write (then the issue rows), the order a status change takes too. */
async function lockVideo(tx: Tx, videoId: number) {
  const v = await requireLiveVideo(tx, videoId);
  await lockOpenIssueCount(tx, videoId);
  return v;
}

async function requireIssue(tx: Db | Tx, videoId: number, issueId: number): Promise<IssueRow> {
  const row = await findIssue(tx, videoId, issueId);
  if (!row) throw new NotFound(`Issue ${issueId} not found in video ${videoId}`);
  return row;
}

const byWhom = (who: Identity) => oneLine(who.name ? `${who.id} (${who.name})` : who.id);

/** Why one more entry in the issue's thread is refused, or null when there is room (per issue and per video). */
async function threadFull(tx: Tx, videoId: number, issueId: number): Promise<string | null> {
  if ((await countComments(tx, issueId)) >= MAX_COMMENTS_PER_ISSUE)
    return `Issue ${issueId} already holds ${MAX_COMMENTS_PER_ISSUE} comments, the most one issue may hold`;
  if ((await countVideoComments(tx, videoId)) >= MAX_COMMENTS_PER_VIDEO)
    return `Video ${videoId} already holds ${MAX_COMMENTS_PER_VIDEO} issue comments, the most one video may hold`;
  return null;
}

export async function raiseIssue(db: Db, videoId: number, body: NewIssue, who: Identity): Promise<ReviewIssue> {
  return db.transaction(async (tx) => {
    const v = await lockVideo(tx, videoId);
    const last = body.to_frame ?? body.frame;
    if (v.totalFrames > 0 && last >= v.totalFrames)
      throw new Unprocessable(
        `frame ${last} is outside the video: it has ${v.totalFrames} frames (0–${v.totalFrames - 1})`,
      );
    const trackId = body.track_id ?? null;
    if (trackId !== null && !(await trackExists(tx, videoId, trackId)))
      throw new Unprocessable(`Track ${trackId} does not exist in video ${videoId}`);
    if ((await countVideoIssues(tx, videoId)) >= MAX_ISSUES_PER_VIDEO)
      throw new TooMany(`Video ${videoId} already holds ${MAX_ISSUES_PER_VIDEO} issues, the most one video may hold`);
    const b = body.box;
    const now = new Date();
    const row = await insertIssue(tx, {
      videoId,
      frame: body.frame,
      toFrame: body.to_frame != null && body.to_frame !== body.frame ? body.to_frame : null,
      trackId,
      trackLabel: trackId === null ? null : trackLabel(trackId),
      box: b ? [b.x1, b.y1, b.x2, b.y2] : null,
      kind: body.kind,
      text: body.text,
      raisedById: who.id,
      raisedByName: who.name,
      raisedAt: now,
      updatedById: who.id,
      updatedAt: now,
    });
    await recountOpenIssues(tx, videoId);
    await appendProcessingLog(tx, videoId, `issue raised by ${byWhom(who)}: ${describeIssue(issueRef(row))}`);
    return issueDto(row, [], trackId !== null);
  });
}

/** Issues with their comments, grouped per issue, and whether each one's track still exists. */
export async function issuesWithComments(db: Db | Tx, videoId: number, rows: IssueRow[]): Promise<ReviewIssue[]> {
  const comments = await listComments(
    db,
    rows.map((r) => r.id),
  );
  const byIssue = new Map<number, CommentRow[]>();
  for (const c of comments) byIssue.set(c.issueId, [...(byIssue.get(c.issueId) ?? []), c]);
  const tracks = await existingTracks(db, videoId, [
    ...new Set(rows.flatMap((r) => (r.trackId === null ? [] : [r.trackId]))),
  ]);
  return rows.map((r) => issueDto(r, byIssue.get(r.id) ?? [], r.trackId !== null && tracks.has(r.trackId)));
}

export async function listIssues(db: Db, videoId: number, state: IssueState | 'all'): Promise<IssueList> {
  await requireLiveVideo(db, videoId);
  const rows = await listIssueRows(db, videoId, state === 'all' ? null : state);
  const counts = await issueCounts(db, videoId);
  return { video_id: videoId, ...counts, issues: await issuesWithComments(db, videoId, rows) };
}

export async function commentOnIssue(
  db: Db,
  videoId: number,
  issueId: number,
  text: string,
  who: Identity,
): Promise<IssueComment> {
  return db.transaction(async (tx) => {
    // under the video row's lock, so comments sent at once cannot all take a thread's last place
    await lockVideo(tx, videoId);
    const issue = await requireIssue(tx, videoId, issueId);
    const full = await threadFull(tx, videoId, issueId);
    if (full) throw new TooMany(full);
    const row = await insertComment(tx, { issueId, authorId: who.id, authorName: who.name, text });
    await appendProcessingLog(
      tx,
      videoId,
      `comment on issue #${issue.id} by ${byWhom(who)}: "${oneLine(text).slice(0, 80)}"`,
    );
    return commentDto(row);
  });
}

function staleDetail(row: IssueRow): string {
  return `Issue ${row.id} was changed by ${row.updatedById} at ${row.updatedAt.toISOString()} (version ${row.version}, now ${row.state}). Reload to see it before changing it.`;
}

export async function changeIssueState(
  db: Db,
  videoId: number,
  issueId: number,
  c: IssueChange,
  who: Identity,
): Promise<ReviewIssue> {
  return db.transaction(async (tx) => {
    await lockVideo(tx, videoId);
    const row = await requireIssue(tx, videoId, issueId);
    if (c.version === undefined)
      throw new PreconditionRequired(
        `Issue ${issueId} is at version ${row.version}: send the version your change is based on ("version")`,
      );
    if (c.version !== row.version) throw new Conflict(staleDetail(row));
    let saved = row;
    if (c.state === row.state) {
      // nothing to change; a note sent with it still goes into the thread
      if (c.comment) {
        const full = await threadFull(tx, videoId, issueId);
        if (full) throw new TooMany(full);
        await insertComment(tx, { issueId, authorId: who.id, authorName: who.name, text: c.comment });
      }
    } else {
      const now = new Date();
      const resolved = c.state === 'resolved';
      const next = await updateIssueAtVersion(tx, issueId, row.version, {
        state: c.state,
        resolvedById: resolved ? who.id : null,
        resolvedByName: resolved ? who.name : null,
        resolvedAt: resolved ? now : null,
        updatedById: who.id,
        updatedAt: now,
      });
      if (!next) throw new Conflict(staleDetail(await requireIssue(tx, videoId, issueId)));
      saved = next;
      const event = resolved ? 'resolved' : 'reopened';
      // a full thread never blocks a resolve: the change is still in the issue's fields and the video's log
      if (!(await threadFull(tx, videoId, issueId)))
        await insertComment(tx, { issueId, authorId: who.id, authorName: who.name, text: c.comment ?? '', event });
      await recountOpenIssues(tx, videoId);
      await appendProcessingLog(tx, videoId, `issue #${issueId} ${event} by ${byWhom(who)}`);
    }
    const [dto] = await issuesWithComments(tx, videoId, [saved]);
    return dto;
  });
}
