// Drizzle schema of the boxes. They are stored in `detection_rows`, each row in a generation of its video
// and possibly written by an unfinished import (migration 0023); `detections` is the view of the live rows
// (none of an unpublished import, none of a generation a published import replaced), and the one every
// query reads and writes.
// Drizzle is told it is a table: the view is automatically updatable, so inserts, updates, deletes and
// row locks through it behave as on a table. Only bulk writes, import staging and its cleaner name
// `detection_rows`.
import { pgTable, text, integer, timestamp, real, smallint, primaryKey, index, serial } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { videos } from './schema-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The columns a box has, the same in the view and its table. */
const boxColumns = () => ({
  videoId: integer('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' }),
  trackId: integer('track_id').notNull(),
  frame: integer('frame').notNull(), // 0-based at the video's fps
  x1: real('x1').notNull(),
  y1: real('y1').notNull(),
  x2: real('x2').notNull(),
  y2: real('y2').notNull(), // fractions
  confidence: real('confidence').notNull().default(1),
  keypoints: real('keypoints').array(), // 17 × [x, y, score] flattened, fractions of frame size
  // per keypoint 2 visible, 1 occluded, 0 absent (COCO's v), as a person set it; null: none stored, the
  // score decides (the AI's rows)
  keypointVisibility: smallint('keypoint_visibility').array(),
  // ai | human (keyframe) | interpolated (filled, or propagated) | outside (no box from here to the next keyframe)
  source: text('source').notNull().default('ai'),
  version: integer('version').notNull().default(1), // optimistic concurrency for box/keypoint edits, as segments
  updatedById: text('updated_by_id'),
  updatedAt: ts('updated_at'),
  aiBox: real('ai_box').array(), // the AI's box (x1, y1, x2, y2, 51 keypoint floats) before a person's first edit
});

/** The live boxes (a view): one per video, track and frame. */
export const detections = pgTable('detections', boxColumns());

export const detectionRows = pgTable(
  'detection_rows',
  {
    ...boxColumns(),
    // the generation of the video the row belongs to: videos.detection_gen when written (a trigger sets it
    // when an insert leaves it out), or an import's fresh one; hidden once a published import replaced it
    gen: integer('gen').notNull(),
    // the import staging that wrote the row; hidden while that staging is not published
    stagingId: integer('staging_id'),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.trackId, t.frame, t.gen] }),
    index('detections_video_frame_idx').on(t.videoId, t.frame),
    // the few human-edited boxes, counted by the Metrics screen without scanning every AI box
    index('detections_human_idx')
      .on(t.videoId)
      .where(sql`${t.source} = 'human'`),
  ],
);

/**
 * One video's import while its rows are written (staging), after it gave up or was skipped (abandoned: its
 * rows are garbage) or once published (its rows are live; the generation it replaced is garbage). The row
 * goes when its garbage has been deleted. At most one staging per video at a time.
 */
export const detectionStagings = pgTable('detection_stagings', {
  id: serial('id').primaryKey(),
  videoId: integer('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' }),
  importJobId: integer('import_job_id'),
  gen: integer('gen').notNull(),
  replacesGen: integer('replaces_gen'),
  state: text('state').notNull().default('staging'), // staging | abandoned | published
  createdAt: ts('created_at').notNull().defaultNow(),
});
