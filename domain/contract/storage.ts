// /api/v1/admin/repo/*: the Repository Manager — source folders with their stats and the path check,
// the root folders, the ingest job history, and purging deleted videos. Administrators only.
import { z } from 'zod';
import { ROLES } from '../constants';
import { count, isoTime, rowId } from './common';
import { intText } from './params';
const sourceRole = z.enum(['', ...ROLES]).describe("the lowest role that sees the source; '' for everyone");

export const sourceStats = z.object({
  total: count,
  pending: count,
  processing: count,
  completed: count,
  reviewed: count,
  labelled: count,
  processed: count.describe('the videos that make the source exportable'),
});
export const storageSource = z
  .object({
    root: z.string(),
    label: z.string(),
    role: sourceRole,
    enabled: z.boolean(),
    created_at: isoTime,
    stats: sourceStats,
  })
  .meta({ id: 'StorageSource' });
export type StorageSource = z.infer<typeof storageSource>;

const rootPath = z.string({ error: 'Root path is required' }).trim().min(1, 'Root path is required').max(4096);
export const sourceBody = z.object({
  root: rootPath,
  label: z
    .string({ error: 'Label is required' })
    .trim()
    .min(1, 'Label is required')
    .max(120, 'Label must be 120 characters or fewer'),
  role: z
    .enum(['', ...ROLES], { error: 'Select a valid role' })
    .nullish()
    .transform((r) => r ?? ''),
  enabled: z.boolean().default(true),
});
export const editSourceBody = sourceBody.extend({ original_root: rootPath });
export const validateSourceBody = z.object({ root: rootPath, original_root: z.string().max(4096).optional() });
export const removeSourceBody = z.object({ root: rootPath });

export const sourceValidation = z
  .object({
    normalized_root: z.string(),
    exists: z.boolean(),
    is_dir: z.boolean(),
    readable: z.boolean(),
    writable: z.boolean(),
    conflict: z.boolean(),
    conflict_message: z.string().nullable().describe("the rule a conflict breaks, in the form's words"),
    conflict_with: z.string().nullable(),
  })
  .meta({ id: 'SourceValidation' });
export type SourceValidation = z.infer<typeof sourceValidation>;

export const removedSource = z
  .object({ root: z.string(), summary: z.object({ db_deleted: count, files_removed: count }) })
  .meta({ id: 'RemovedSource' });
export type RemovedSource = z.infer<typeof removedSource>;

export const ROOT_KEYS = ['upload_root', 'target_root', 'temp_root'] as const;
const folder = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(4096);
export const rootConfigBody = z.object({
  upload_root: folder('upload_root'),
  target_root: folder('target_root'),
  temp_root: folder('temp_root'),
});
export const rootConfig = z
  .object({ upload_root: z.string(), target_root: z.string(), temp_root: z.string() })
  .meta({ id: 'RootConfig' });
export type RootConfig = z.infer<typeof rootConfig>;
const folderCheck = z.object({ path: z.string(), exists: z.boolean() });
export const rootValidation = z
  .object({ upload_root: folderCheck, target_root: folderCheck, temp_root: folderCheck })
  .meta({ id: 'RootValidation' });
export type RootValidation = z.infer<typeof rootValidation>;
export const importedRootConfig = z.object({ imported: z.literal(true), config: rootConfig });

export const ingestJobsQuery = z.object({
  limit: intText(1, 100).default(25),
  job_type: z.enum(['all', 'scan', 'reingest', 'purge']).default('all'),
  status: z.enum(['all', 'running', 'success', 'failed']).default('all'),
});
export const ingestJob = z
  .object({
    id: rowId,
    job_type: z.enum(['scan', 'reingest', 'purge']),
    status: z.enum(['running', 'success', 'failed']),
    started_at: isoTime,
    finished_at: isoTime.nullable(),
    initiated_by: z.string().nullable(),
    summary: z.record(z.string(), z.unknown()).describe('the counts the job kept (added, removed, … by job type)'),
    errors: z.array(z.string()),
  })
  .meta({ id: 'IngestJob' });
export type IngestJob = z.infer<typeof ingestJob>;

export const purgeBody = z.object({
  confirm: z.literal(true, { error: 'confirm: true is required to purge' }),
  // Without an explicit false the purge only reports what it would do.
  dry_run: z.boolean().default(true),
  source_root: z
    .string()
    .trim()
    .max(4096)
    .optional()
    .transform((s) => s || undefined),
  limit: z.number().int().positive('limit must be a positive integer').max(1_000_000).optional(),
});
export const purgeResult = z
  .object({
    dry_run: z.boolean(),
    attempted: count,
    db_deleted: count,
    files_deleted: count,
    files_missing: count,
    files_to_delete: z.array(z.string()).describe('the files deleted (or, in a dry run, that would be); at most 500'),
    rows_only: z.array(z.string()).describe('the videos whose record alone goes (their files stay); at most 500'),
    errors: z.array(z.string()),
    warnings: z.array(z.string()),
    job_id: rowId.nullable(),
  })
  .meta({ id: 'PurgeResult' });
export type PurgeResult = z.infer<typeof purgeResult>;
