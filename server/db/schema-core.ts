// Drizzle schema of the library, detections, users and settings: the tables the other schema files refer to.
import {
  pgTable,
  text,
  integer,
  bigint,
  doublePrecision,
  boolean,
  timestamp,
  real,
  jsonb,
  serial,
  bigserial,
  index,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sources = pgTable('sources', {
  root: text('root').primaryKey(), // normalised absolute path
  label: text('label').notNull().default(''),
  role: text('role'), // null = all roles | annotator | admin | super
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const videos = pgTable(
  'videos',
  {
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
    // the generation of its boxes that is live (schema-detections.ts): an import that replaces them all
    // writes a new one and switches to it
    detectionGen: integer('detection_gen').notNull().default(0),
    // why a video is `deleted`: 'person' (someone deleted it: purge may delete its file) or 'missing'
    // (a scan did not find its file: purge removes only the row); null while it is not deleted
    deletedReason: text('deleted_reason'),
    // the identity of the file at its last ingest (with size_bytes and mtime); purge deletes a file only
    // when it is still this one. Null for rows stored before identities were recorded.
    fileDev: text('file_dev'),
    fileIno: text('file_ino'),
    // review issues not yet resolved, kept in the same transaction as every issue write (the library and
    // the review queue list it without a join; reviewed and labelled need it at 0)
    openIssues: integer('open_issues').notNull().default(0),
  },
  (t) => [
    index('videos_status_idx').on(t.processingStatus, t.id),
    index('videos_source_idx').on(t.sourceRoot, t.id),
    index('videos_assignee_idx').on(t.assignedToId, t.id),
  ],
);

export const statusHistory = pgTable(
  'status_history',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    changedAt: ts('changed_at').notNull().defaultNow(),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    remark: text('remark'),
    changedById: text('changed_by_id'),
  },
  (t) => [index('status_history_video_idx').on(t.videoId, t.changedAt)],
);

export const processingLog = pgTable(
  'processing_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    line: text('line').notNull(),
  },
  (t) => [index('processing_log_video_idx').on(t.videoId, t.id)],
);

export const actionSegments = pgTable(
  'action_segments',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
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
  },
  (t) => [index('action_segments_video_idx').on(t.videoId, t.trackId)],
);

export const relationships = pgTable(
  'relationships',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    subjectTrackId: integer('subject_track_id').notNull(),
    objectTrackId: integer('object_track_id').notNull(),
    kind: text('kind').notNull(),
    startTime: doublePrecision('start_time').notNull(),
    endTime: doublePrecision('end_time').notNull(),
  },
  (t) => [index('relationships_video_idx').on(t.videoId)],
);

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name'),
  role: text('role').notNull().default('annotator'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** scrypt hash (services/auth/passwords.ts); null = no password, cannot sign in by password. */
  passwordHash: text('password_hash'),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  lastSignInAt: ts('last_sign_in_at'),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Server-side undo of destructive track edits (delete, merge): the rows as they were, restorable once by token. */
export const annotationUndo = pgTable(
  'annotation_undo',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // track.delete | track.merge
    trackIds: integer('track_ids').array().notNull(),
    detections: jsonb('detections').notNull().default([]), // rows of the affected tracks before the edit
    segments: jsonb('segments').notNull().default([]), // segment rows before the edit
    segmentTrackIds: integer('segment_track_ids').array(), // restore also drops segments of these made since (cut pieces)
    createdById: text('created_by_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('annotation_undo_video_idx').on(t.videoId)],
);

/** Every change to a user account: who changed it, when, and the name and role before and after. */
export const userAudit = pgTable(
  'user_audit',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(), // not a foreign key: the trail outlives a deleted account
    action: text('action').notNull(), // create | update | delete | sign-in | sign-in-failed | sign-in-throttled | password-change | password-set | reset-link | token-create | token-revoke | session-end | disable | enable
    oldName: text('old_name'),
    newName: text('new_name'),
    oldRole: text('old_role'),
    newRole: text('new_role'),
    changedById: text('changed_by_id').notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
    /** Sign-in events: what happened beyond name and role (a token's name, a session's address…). */
    detail: text('detail'),
  },
  (t) => [index('user_audit_user_idx').on(t.userId, t.changedAt)],
);

// the job tables, the review tables, the track versions and the sign-in tables (sessions, API tokens,
// one-time links) live in their own files
