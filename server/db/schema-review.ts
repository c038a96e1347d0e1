// Drizzle schema of the review queue: evidence per video, who opened what, and verified tracks.
// Re-exported by schema.ts, so it is part of the one schema.
import { pgTable, text, integer, doublePrecision, timestamp, bigserial, primaryKey, index } from 'drizzle-orm/pg-core';
import { videos } from './schema-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The review queue's evidence per processed video, computed once per annotation version (every write of
 *  detections, segments or tracks bumps the version, so a stale row is recomputed on the next read). */
export const reviewEvidence = pgTable('review_evidence', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  annotationVersion: integer('annotation_version').notNull(),
  tracks: integer('tracks').notNull(),
  detections: integer('detections').notNull(),
  meanConfidence: doublePrecision('mean_confidence'), // null without detections
  lowDetections: integer('low_detections').notNull(), // boxes below the low-confidence threshold
  lowTracks: integer('low_tracks').notNull(), // tracks whose mean confidence is below it
  people: integer('people').notNull(), // most boxes in one frame
  segments: integer('segments').notNull(),
  unverified: integer('unverified').notNull(),
  verifiedTracks: integer('verified_tracks').notNull().default(0), // tracks with a verified mark not edited since
  computedAt: ts('computed_at').notNull().defaultNow(),
});

/** A signed-in user opened a video in the Annotate screen: the review queue's "in progress" and the
 *  measured review time come from these rows. */
export const reviewOpens = pgTable(
  'review_opens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    openedAt: ts('opened_at').notNull().defaultNow(),
  },
  (t) => [index('review_opens_video_idx').on(t.videoId, t.openedAt)],
);

/** A reviewer's "verified" mark on one track: who and when. An edit of the track afterwards keeps the mark
 *  and stamps edited_at / edited_by_id, so the screen can say "edited since verified" (re-verifying clears it). */
export const trackVerifications = pgTable(
  'track_verifications',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    trackId: integer('track_id').notNull(),
    verifiedById: text('verified_by_id').notNull(),
    verifiedByName: text('verified_by_name'),
    verifiedAt: ts('verified_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    editedById: text('edited_by_id'),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.trackId] })],
);
