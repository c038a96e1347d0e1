// Drizzle schema of the long jobs: scans, package imports, renders and the progress rows of every job.
// Re-exported by schema.ts, so it is part of the one schema.
import { pgTable, text, integer, bigint, boolean, timestamp, real, jsonb, serial, index } from 'drizzle-orm/pg-core';
import { videos } from './schema-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    /** The role of the source it ran over (a purge of every source: the highest among those it touched);
     *  the row is shown to that role and above, as the source is. */
    sourceRole: text('source_role'),
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
