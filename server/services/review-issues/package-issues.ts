// Review issues in annotation packages: each video entry carries its issues with their threads
// (`review_issues`, absent in older packages), and an import adds the ones the video does not hold yet, so
// importing a package twice adds nothing and an issue raised here since is never replaced. Ids are the
// database's own and do not travel; who raised, resolved and commented, and when, do. The video's log says
// how many an import added (the issues' own rows say who raised and resolved each).
import { z } from 'zod';
import type { Db, Tx } from '../../db/connect';
import {
  insertComment,
  insertIssue,
  listComments,
  listIssues,
  recountOpenIssues,
  setIssueTrack,
  type IssueRow,
} from '../../repositories/review-issues';
import { appendProcessingLog } from '../../repositories/status';
import {
  ISSUE_KINDS,
  ISSUE_STATES,
  ISSUE_TEXT_MAX,
  MAX_COMMENTS_PER_ISSUE,
  MAX_COMMENTS_PER_VIDEO,
  MAX_ISSUES_PER_VIDEO,
} from '../../../domain/review-issues';
import { MAX_FRAME, MAX_TRACK_ID } from '../../../domain/formats/import-limits';

const who = z.string().min(1).max(200);
const name = z.string().max(200).nullable();
const when = z.string().datetime({ offset: true });
const text = z.string().max(ISSUE_TEXT_MAX);
const frame = z.number().int().min(0).max(MAX_FRAME);

export const packageIssueSchema = z
  .object({
    frame,
    to_frame: frame.nullable(),
    track_id: z.number().int().min(0).max(MAX_TRACK_ID).nullable(),
    track_label: z.string().max(40).nullable(),
    box: z.array(z.number().min(0).max(1)).length(4).nullable(),
    kind: z.enum(ISSUE_KINDS),
    text: text.min(1),
    state: z.enum(ISSUE_STATES),
    raised_by_id: who,
    raised_by_name: name,
    raised_at: when,
    resolved_by_id: who.nullable(),
    resolved_by_name: name,
    resolved_at: when.nullable(),
    comments: z
      .array(
        z.object({
          author_id: who,
          author_name: name,
          text,
          event: z.enum(['resolved', 'reopened']).nullable(),
          created_at: when,
        }),
      )
      .max(MAX_COMMENTS_PER_ISSUE),
  })
  // the rules the issue calls enforce, so a package cannot bring in what no one could have raised
  .refine((i) => i.to_frame === null || i.to_frame >= i.frame, { message: 'to_frame must not be before frame' })
  .refine((i) => !i.box || (i.box[2] > i.box[0] && i.box[3] > i.box[1]), { message: 'box needs x2 > x1 and y2 > y1' })
  .refine((i) => (i.state === 'resolved') === (i.resolved_at !== null && i.resolved_by_id !== null), {
    message: 'a resolved issue names who resolved it and when, an open one neither',
  });
export type PackageIssue = z.infer<typeof packageIssueSchema>;
export const packageIssuesSchema = z
  .array(packageIssueSchema)
  .max(MAX_ISSUES_PER_VIDEO)
  .refine((issues) => issues.reduce((n, i) => n + i.comments.length, 0) <= MAX_COMMENTS_PER_VIDEO, {
    message: `at most ${MAX_COMMENTS_PER_VIDEO} issue comments per video`,
  });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A video's issues and threads as a package entry carries them. */
export async function exportIssues(db: Db, videoId: number): Promise<PackageIssue[]> {
  const rows = await listIssues(db, videoId, null);
  const comments = await listComments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    frame: r.frame,
    to_frame: r.toFrame,
    track_id: r.trackId,
    track_label: r.trackLabel,
    box: r.box,
    kind: r.kind as PackageIssue['kind'],
    text: r.text,
    state: r.state as PackageIssue['state'],
    raised_by_id: r.raisedById,
    raised_by_name: r.raisedByName,
    raised_at: r.raisedAt.toISOString(),
    resolved_by_id: r.resolvedById,
    resolved_by_name: r.resolvedByName,
    resolved_at: iso(r.resolvedAt),
    comments: comments
      .filter((c) => c.issueId === r.id)
      .map((c) => ({
        author_id: c.authorId,
        author_name: c.authorName,
        text: c.text,
        event: c.event === 'resolved' || c.event === 'reopened' ? c.event : null,
        created_at: c.createdAt.toISOString(),
      })),
  }));
}

/** One issue is the same as another when raised by the same person at the same moment about the same thing. */
const sameIssue = (r: Pick<IssueRow, 'raisedAt' | 'raisedById' | 'frame' | 'kind' | 'text'>) =>
  `${r.raisedAt.getTime()}|${r.raisedById}|${r.frame}|${r.kind}|${r.text}`;

/** The last frame an issue of the package names (the import plan checks it against the video's frames). */
export const lastIssueFrame = (issues: PackageIssue[] | undefined) =>
  (issues ?? []).reduce((a, i) => Math.max(a, i.to_frame ?? i.frame), -1);

/**
 * Adds the package's issues the video does not hold yet, with their threads, and recounts its open issues.
 * `replaced`: the video's tracks were just replaced by the package's, so the issues it held before lose
 * their track number (their label keeps the name). Returns how many issues were added.
 */
export async function importIssues(
  tx: Tx,
  videoId: number,
  issues: PackageIssue[] | undefined,
  replaced: boolean,
): Promise<number> {
  const existing = await listIssues(tx, videoId, null);
  if (replaced) for (const r of existing) if (r.trackId !== null) await setIssueTrack(tx, r.id, null);
  const seen = new Set(existing.map(sameIssue));
  let added = 0;
  for (const i of issues ?? []) {
    const raisedAt = new Date(i.raised_at);
    const key = sameIssue({ raisedAt, raisedById: i.raised_by_id, frame: i.frame, kind: i.kind, text: i.text });
    if (seen.has(key) || existing.length + added >= MAX_ISSUES_PER_VIDEO) continue;
    seen.add(key);
    const last = i.comments.at(-1);
    const row = await insertIssue(tx, {
      videoId,
      frame: i.frame,
      toFrame: i.to_frame,
      trackId: i.track_id,
      trackLabel: i.track_label,
      box: i.box,
      kind: i.kind,
      text: i.text,
      state: i.state,
      raisedById: i.raised_by_id,
      raisedByName: i.raised_by_name,
      raisedAt,
      resolvedById: i.resolved_by_id,
      resolvedByName: i.resolved_by_name,
      resolvedAt: i.resolved_at ? new Date(i.resolved_at) : null,
      updatedById: last?.author_id ?? i.raised_by_id,
      updatedAt: new Date(last?.created_at ?? i.raised_at),
    });
    for (const c of i.comments)
      await insertComment(tx, {
        issueId: row.id,
        authorId: c.author_id,
        authorName: c.author_name,
        text: c.text,
        event: c.event,
        createdAt: new Date(c.created_at),
      });
    added++;
  }
  const open = await recountOpenIssues(tx, videoId);
  if (added)
    await appendProcessingLog(
      tx,
      videoId,
      `${added} review issue${added === 1 ? '' : 's'} with their threads added from the package (the video now has ${open} open)`,
    );
  return added;
}
