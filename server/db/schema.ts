// Drizzle schema: one schema for PGlite (embedded) and PostgreSQL (scale-out).
import {
  pgTable, text, integer, bigint, doublePrecision, boolean, timestamp, real, jsonb, serial, bigserial,
  primaryKey, index,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sources = pgTable('sources', {
  root: text('root').primaryKey(), // normalised absolute path
  label: text('label').notNull().default(''),
  role: text('role'), // null = all roles | annotator | admin | super
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const videos = pgTable('videos', {
  id: serial('id').primaryKey(),
  filename: text('filename').notNull(),
  path: text('path').notNull().unique(),
  relPath: text('rel_path').notNull(),
  sourceRoot: text('source_root').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
  mtime: doublePrecision('mtime').notNull().default(0), // ms since epoch of the file
  duration: doublePrecision('duration').notNull().default(0),
  width: integer('width').notNull().default(1280),
  height: integer('height').notNull().default(720),
  fps: doublePrecision('fps').notNull().default(30),
  fpsNum: integer('fps_num').notNull().default(30), // exact rational frame rate, e.g. 30000/1001
  fpsDen: integer('fps_den').notNull().default(1),
  totalFrames: integer('total_frames').notNull().default(0),
  codec: text('codec'),
  frameStride: integer('frame_stride').notNull().default(1), // AI analysed every n-th frame
  processingStatus: text('processing_status').notNull().default('pending'),
  previousStatus: text('previous_status'),
  aiProcessedAt: ts('ai_processed_at'),
  statusUpdatedAt: ts('status_updated_at').notNull().defaultNow(),
  assignedToId: text('assigned_to_id'),
  assignedToName: text('assigned_to_name'),
  lastStatusById: text('last_status_by_id'),
  lastStatusChangedAt: ts('last_status_changed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // bumped in the same transaction as every write of the video's detections, segments or tracks, so a
  // cached detection window keyed by it can never outlive the data it was encoded from
  annotationVersion: integer('annotation_version').notNull().default(0),
}, (t) => [
  index('videos_status_idx').on(t.processingStatus, t.id),
  index('videos_source_idx').on(t.sourceRoot, t.id),
  index('videos_assignee_idx').on(t.assignedToId, t.id),
]);

export const statusHistory = pgTable('status_history', {
  id: serial('id').primaryKey(),
  videoId: integer('video_id').notNull().references(() => videos.id, { onDelete: 'cascade' }),
  changedAt: ts('changed_at').notNull().defaultNow(),
  oldStatus: text('old_status'),
  newStatus: text('new_status').notNull(),
  remark: text('remark'),
  changedById: text('changed_by_id'),
}, (t) => [index('status_history_video_idx').on(t.videoId, t.changedAt)]);

export const processingLog = pgTable('processing_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  videoId: integer('video_id').notNull().references(() => videos.id, { onDelete: 'cascade' }),
  at: ts('at').notNull().defaultNow(),
  line: text('line').notNull(),
}, (t) => [index('processing_log_video_idx').on(t.videoId, t.id)]);

export const detections = pgTable('detections', {
  videoId: integer('video_id').notNull().references(() => videos.id, { onDelete: 'cascade' }),
  trackId: integer('track_id').notNull(),
  frame: integer('frame').notNull(), // 0-based at the video's fps
  x1: real('x1').notNull(), y1: real('y1').notNull(), x2: real('x2').notNull(), y2: real('y2').notNull(), // fractions
  confidence: real('confidence').notNull().default(1),
  keypoints: real('keypoints').array(), // 17 × [x, y, score] flattened, fractions of frame size
  source: text('source').notNull().default('ai'), // ai | human
  updatedById: text('updated_by_id'),
  updatedAt: ts('updated_at'),
}, (t) => [
  primaryKey({ columns: [t.videoId, t.trackId, t.frame] }),
  index('detections_video_frame_idx').on(t.videoId, t.frame),
]);

export const actionSegments = pgTable('action_segments', {
  id: serial('id').primaryKey(),
  videoId: integer('video_id').notNull().references(() => videos.id, { onDelete: 'cascade' }),
  trackId: integer('track_id').notNull(),
  actionClass: text('action_class').notNull(),
  startTime: doublePrecision('start_time').notNull(),
  endTime: doublePrecision('end_time').notNull(),
  confidence: real('confidence').notNull().default(0.7),
  humanVerified: boolean('human_verified').notNull().default(false),
  version: integer('version').notNull().default(1), // optimistic concurrency for edits
  createdById: text('created_by_id'),
  createdAt: ts('created_at').defaultNow(),
  updatedById: text('updated_by_id'),
  updatedAt: ts('updated_at'),
}, (t) => [index('action_segments_video_idx').on(t.videoId, t.trackId)]);

export const relationships = pgTable('relationships', {
  id: serial('id').primaryKey(),
  videoId: integer('video_id').notNull().references(() => videos.id, { onDelete: 'cascade' }),
  subjectTrackId: integer('subject_track_id').notNull(),
  objectTrackId: integer('object_track_id').notNull(),
  kind: text('kind').notNull(),
  startTime: doublePrecision('start_time').notNull(),
  endTime: doublePrecision('end_time').notNull(),
}, (t) => [index('relationships_video_idx').on(t.videoId)]);

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name'),
  role: text('role').notNull().default('annotator'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** One row per scan or re-ingest of a source (not the processing queue's jobs, which pg-boss keeps). */
export const ingestJobs = pgTable('ingest_jobs', {
  id: serial('id').primaryKey(),
  jobType: text('job_type').notNull(), // scan | reingest | purge
  status: text('status').notNull().default('running'), // running | success | failed
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  initiatedBy: text('initiated_by'),
  summary: jsonb('summary').notNull().default({}),
  errors: jsonb('errors').notNull().default([]),
}, (t) => [index('ingest_jobs_started_idx').on(t.startedAt)]);

/** One row per annotation package import (or dry run): its settings, the uploaded archive while it is
 *  needed, and the result the Import Annotations dialog shows. */
export const importJobs = pgTable('import_jobs', {
  id: serial('id').primaryKey(),
  status: text('status').notNull().default('running'), // queued | running | completed | completed_with_errors | failed
  sourceRoot: text('source_root').notNull(),
  targetRoot: text('target_root').notNull(),
  mode: text('mode').notNull(),
  dryRun: boolean('dry_run').notNull().default(false),
  validateFiles: boolean('validate_files').notNull().default(true),
  archivePath: text('archive_path'), // the uploaded zip under temp_root, removed when the job ends
  archiveBytes: bigint('archive_bytes', { mode: 'number' }).notNull().default(0),
  initiatedBy: text('initiated_by'),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  progress: jsonb('progress').notNull().default({}),
  summary: jsonb('summary').notNull().default({}),
  warnings: jsonb('warnings').notNull().default([]),
  errors: jsonb('errors').notNull().default([]),
}, (t) => [index('import_jobs_started_idx').on(t.startedAt)]);

export const renders = pgTable('renders', {
  videoId: integer('video_id').primaryKey().references(() => videos.id, { onDelete: 'cascade' }),
  state: text('state').notNull().default('idle'), // idle | queued | done | failed
  progress: real('progress').notNull().default(0),
  key: text('key'),
  path: text('path'),
  error: text('error'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Server-side undo of destructive track edits (delete, merge): the rows as they were, restorable once by token. */
export const annotationUndo = pgTable('annotation_undo', {
  id: serial('id').primaryKey(),
  videoId: integer('video_id').notNull().references(() => videos.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(), // track.delete | track.merge
  trackIds: integer('track_ids').array().notNull(),
  detections: jsonb('detections').notNull().default([]), // rows of the affected tracks before the edit
  segments: jsonb('segments').notNull().default([]), // segment rows before the edit
  createdById: text('created_by_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('annotation_undo_video_idx').on(t.videoId)]);
