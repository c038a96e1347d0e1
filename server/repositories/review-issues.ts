// SQL of review issues and their comment threads, and of the videos row's open-issue count, which every
// issue write recounts in its own transaction (the library and the review queue read it without a join).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { actionSegments, detections, reviewIssueComments, reviewIssues, videos } from '../db/schema';

export type IssueRow = typeof reviewIssues.$inferSelect;
export type NewIssueRow = typeof reviewIssues.$inferInsert;
export type CommentRow = typeof reviewIssueComments.$inferSelect;
export type NewCommentRow = typeof reviewIssueComments.$inferInsert;
type Runner = Db | Tx;

/** The video's open-issue count, its row locked until the transaction ends (a status change and an issue write
 *  on one video wait for each other, so "reviewed" can never slip past an issue raised at the same moment). */
export async function lockOpenIssueCount(tx: Tx, videoId: number): Promise<number | null> {
  const [row] = await tx.select({ n: videos.openIssues }).from(videos).where(eq(videos.id, videoId)).for('update');
  return row ? row.n : null;
}

/** Counts the video's open issues again and stores the count on its row. */
export async function recountOpenIssues(tx: Tx, videoId: number): Promise<number> {
  const [row] = await tx
    .update(videos)
    .set({
      openIssues: sql`(select count(*)::int from ${reviewIssues} where ${reviewIssues.videoId} = ${videoId} and ${reviewIssues.state} = 'open')`,
    })
    .where(eq(videos.id, videoId))
    .returning({ n: videos.openIssues });
  return row?.n ?? 0;
}

export async function countVideoIssues(tx: Runner, videoId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(reviewIssues).where(eq(reviewIssues.videoId, videoId));
  return Number(row?.n ?? 0);
}

export async function insertIssue(tx: Tx, values: NewIssueRow): Promise<IssueRow> {
  const [row] = await tx.insert(reviewIssues).values(values).returning();
  return row;
}

export async function findIssue(tx: Runner, videoId: number, issueId: number): Promise<IssueRow | null> {
  const [row] = await tx
    .select()
    .from(reviewIssues)
    .where(and(eq(reviewIssues.videoId, videoId), eq(reviewIssues.id, issueId)))
    .limit(1);
  return row ?? null;
}

/** The video's issues by frame, then id; `state` null lists them all. */
export function listIssues(db: Runner, videoId: number, state: 'open' | 'resolved' | null): Promise<IssueRow[]> {
  const where = state
    ? and(eq(reviewIssues.videoId, videoId), eq(reviewIssues.state, state))
    : eq(reviewIssues.videoId, videoId);
  return db.select().from(reviewIssues).where(where).orderBy(asc(reviewIssues.frame), asc(reviewIssues.id));
}

/** Open and resolved issues of a video. */
export async function issueCounts(db: Runner, videoId: number): Promise<{ open: number; resolved: number }> {
  const rows = await db
    .select({ state: reviewIssues.state, n: count() })
    .from(reviewIssues)
    .where(eq(reviewIssues.videoId, videoId))
    .groupBy(reviewIssues.state);
  const of = (s: string) => Number(rows.find((r) => r.state === s)?.n ?? 0);
  return { open: of('open'), resolved: of('resolved') };
}

/** The first open issue by frame (then id), the one a refusal names. */
export async function firstOpenIssue(db: Runner, videoId: number): Promise<IssueRow | null> {
  const [row] = await db
    .select()
    .from(reviewIssues)
    .where(and(eq(reviewIssues.videoId, videoId), eq(reviewIssues.state, 'open')))
    .orderBy(asc(reviewIssues.frame), asc(reviewIssues.id))
    .limit(1);
  return row ?? null;
}

/** Changes an issue only at the version read: null when someone changed it in between. */
export async function updateIssueAtVersion(
  tx: Tx,
  issueId: number,
  version: number,
  values: Partial<NewIssueRow>,
): Promise<IssueRow | null> {
  const [row] = await tx
    .update(reviewIssues)
    .set({ ...values, version: sql`${reviewIssues.version} + 1` })
    .where(and(eq(reviewIssues.id, issueId), eq(reviewIssues.version, version)))
    .returning();
  return row ?? null;
}

export async function insertComment(tx: Tx, values: NewCommentRow): Promise<CommentRow> {
  const [row] = await tx.insert(reviewIssueComments).values(values).returning();
  return row;
}

export async function countComments(tx: Runner, issueId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reviewIssueComments)
    .where(eq(reviewIssueComments.issueId, issueId));
  return Number(row?.n ?? 0);
}

/** The comments (and state-change notes) on all issues of a video. */
export async function countVideoComments(tx: Runner, videoId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reviewIssueComments)
    .innerJoin(reviewIssues, eq(reviewIssues.id, reviewIssueComments.issueId))
    .where(eq(reviewIssues.videoId, videoId));
  return Number(row?.n ?? 0);
}

/** The comments of these issues, oldest first. */
export function listComments(db: Runner, issueIds: number[]): Promise<CommentRow[]> {
  if (!issueIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(reviewIssueComments)
    .where(inArray(reviewIssueComments.issueId, issueIds))
    .orderBy(asc(reviewIssueComments.issueId), asc(reviewIssueComments.id));
}

/** Which of these track ids still have a box (or an action) in the video. */
export async function existingTracks(db: Runner, videoId: number, trackIds: number[]): Promise<Set<number>> {
  if (!trackIds.length) return new Set();
  const boxes = await db
    .selectDistinct({ t: detections.trackId })
    .from(detections)
    .where(and(eq(detections.videoId, videoId), inArray(detections.trackId, trackIds)));
  const actions = await db
    .selectDistinct({ t: actionSegments.trackId })
    .from(actionSegments)
    .where(and(eq(actionSegments.videoId, videoId), inArray(actionSegments.trackId, trackIds)));
  return new Set([...boxes, ...actions].map((r) => r.t));
}

/** Points an issue at another track, or at none (its label keeps the old name); no version bump: it is the
 *  same issue about the same person, only the number changed under it. */
export async function setIssueTrack(tx: Tx, issueId: number, trackId: number | null): Promise<void> {
  await tx.update(reviewIssues).set({ trackId }).where(eq(reviewIssues.id, issueId));
}

/** Issues that name a track, for a reprocess or an import that hands track ids out anew. */
export function issuesOnTracks(tx: Runner, videoId: number): Promise<IssueRow[]> {
  return tx
    .select()
    .from(reviewIssues)
    .where(and(eq(reviewIssues.videoId, videoId), sql`${reviewIssues.trackId} is not null`));
}
