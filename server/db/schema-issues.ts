// Drizzle schema of review issues: what a reviewer pinned to a frame range, a track and a region, and each
// issue's comment thread. Re-exported by schema.ts, so it is part of the one schema.
import { pgTable, text, integer, doublePrecision, timestamp, serial, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { videos } from './schema-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const reviewIssues = pgTable(
  'review_issues',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    frame: integer('frame').notNull(),
    toFrame: integer('to_frame'), // inclusive; null = one frame
    // null: no track, or one a reprocess replaced without a matching new track (track_label keeps its name)
    trackId: integer('track_id'),
    trackLabel: text('track_label'),
    box: doublePrecision('box').array(), // x1, y1, x2, y2 in fractions of the frame
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    state: text('state').notNull().default('open'),
    raisedById: text('raised_by_id').notNull(),
    raisedByName: text('raised_by_name'),
    raisedAt: ts('raised_at').notNull().defaultNow(),
    resolvedById: text('resolved_by_id'),
    resolvedByName: text('resolved_by_name'),
    resolvedAt: ts('resolved_at'),
    updatedById: text('updated_by_id').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('review_issues_video_idx').on(t.videoId, t.frame),
    index('review_issues_open_idx')
      .on(t.videoId)
      .where(sql`${t.state} = 'open'`),
  ],
);

export const reviewIssueComments = pgTable(
  'review_issue_comments',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => reviewIssues.id, { onDelete: 'cascade' }),
    authorId: text('author_id').notNull(),
    authorName: text('author_name'),
    text: text('text').notNull(),
    event: text('event'), // null = a comment; 'resolved' | 'reopened' = the note of a state change
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('review_issue_comments_issue_idx').on(t.issueId, t.id)],
);
