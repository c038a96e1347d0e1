// Drizzle schema of the library, detections, jobs and users: the tables the other schema files refer to.
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
  primaryKey,
  index,
  smallint,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

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
    // why a video is `deleted`: 'person' (someone deleted it: purge may delete its file) or 'missing'
    // (a scan did not find its file: purge removes only the row); null while it is not deleted
    deletedReason: text('deleted_reason'),
    // the identity of the file at its last ingest (with size_bytes and mtime); purge deletes a file only
    // when it is still this one. Null for rows stored before identities were recorded.
    fileDev: text('file_dev'),
    fileIno: text('file_ino'),
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

export const detections = pgTable(
  'detections',
  {
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
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.trackId, t.frame] }),
    index('detections_video_frame_idx').on(t.videoId, t.frame),
    // the few human-edited boxes, counted by the Metrics screen without scanning every AI box
    index('detections_human_idx')
      .on(t.videoId)
      .where(sql`${t.source} = 'human'`),
  ],
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

/** One row per scan or re-ingest of a source (not the processing queue's jobs, which pg-boss keeps). */
export const ingestJobs = pgTable(
  'ingest_jobs',
  {
    id: serial('id').primaryKey(),
    jobType: text('job_type').notNull(), // scan | reingest | purge
    status: text('status').notNull().default('running'), // running | success | failed
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    initiatedBy: text('initiated_by'),
    summary: jsonb('summary').notNull().default({}),
    errors: jsonb('errors').notNull().default([]),
  },
  (t) => [index('ingest_jobs_started_idx').on(t.startedAt)],
);

/** One row per annotation package import (or dry run): its settings, the uploaded archive while it is
 *  needed, and the result the Import Annotations dialog shows. */
export const importJobs = pgTable(
  'import_jobs',
  {
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
    // what happened to each package video so far ({rel_path, outcome, detail}), so an interrupted job still lists what it did
    videoResults: jsonb('video_results').notNull().default([]),
    // each target video's annotation version when the job was created: a video edited since is never overwritten
    baseVersions: jsonb('base_versions').notNull().default({}),
    progressId: integer('progress_id'), // its job_progress row (liveness, and where start-up recovery ends it)
  },
  (t) => [index('import_jobs_started_idx').on(t.startedAt)],
);

/** One row per rendered video: the job phase, and the artifact last rendered (kept when a later render fails). */
export const renders = pgTable('renders', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  state: text('state').notNull().default('idle'), // idle | queued | running | done | failed
  progress: real('progress').notNull().default(0), // 0..100 while running
  jobToken: text('job_token'), // the one queued job allowed to run this render
  key: text('key'), // download key of the artifact
  path: text('path'), // artifact file under target_root
  annotationVersion: integer('annotation_version'), // videos.annotation_version the artifact shows
  artifact: jsonb('artifact'), // facts of the artifact: size, frames, fps, duration, rendered_at
  error: text('error'),
  requestedBy: text('requested_by'),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(), // heartbeat while running
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

/**
 * Progress of every long job (processing, render, package import, scan, re-ingest, purge), one row per
 * run, so any server process can answer "how far, how long, who" and a restart can tell what died.
 * `subject` names what the job works on ('video:12', 'source:/media/a'); at most one queued or running
 * row per (kind, subject) is what the services keep to.
 */
export const jobProgress = pgTable(
  'job_progress',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(), // processing | render | import | scan | reingest | purge
    subject: text('subject').notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    sourceRoot: text('source_root'),
    state: text('state').notNull().default('queued'), // queued | running | done | failed | cancelled
    progress: real('progress').notNull().default(0), // 0–100, never goes down within a run
    stage: text('stage'),
    etaS: integer('eta_s'),
    cancellable: boolean('cancellable').notNull().default(true),
    startedBy: text('started_by'),
    cancelRequestedBy: text('cancel_requested_by'),
    queueName: text('queue_name'), // the pg-boss queue and job id while queued, so a cancel can withdraw it
    queueJobId: text('queue_job_id'),
    queuedAt: ts('queued_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    link: text('link'), // where the result is seen (an app path)
    result: jsonb('result').notNull().default({}),
    message: text('message'), // why it failed or who cancelled it
  },
  (t) => [
    index('job_progress_subject_idx').on(t.kind, t.subject, t.state),
    index('job_progress_state_idx').on(t.state),
    index('job_progress_finished_idx').on(t.finishedAt),
  ],
);
/** Every change to a user account: who changed it, when, and the name and role before and after. */
export const userAudit = pgTable(
  'user_audit',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(), // not a foreign key: the trail outlives a deleted account
    action: text('action').notNull(), // create | update | delete | sign-in | sign-in-failed | password-change | password-set | reset-link | token-create | token-revoke | session-end | disable | enable
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
// the track versions and the sign-in tables (sessions, API tokens, one-time links) live in their own files
