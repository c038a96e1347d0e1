// /api/v1/admin/repo/export_source and import_source: annotation packages between environments.
import { z } from 'zod';
import { count, isoTime, rowId } from './common';
import { idText } from './params';

export const exportSourceBody = z.object({
  source_root: z.string().trim().min(1, 'source_root is required').max(4096),
  status: z.array(z.string().max(40)).max(20).optional(),
  include_history: z.boolean().optional(),
});

/** The `config` field of the import form (JSON text). */
export const importConfig = z.object({
  source_root: z.string().trim().min(1, 'Source root path is required').max(4096),
  target_root: z.string().trim().min(1, 'Target root path is required').max(4096),
  mode: z.enum(['skip_existing', 'overwrite']).default('skip_existing'),
  validate_files: z.boolean().default(true),
  dry_run: z.boolean().default(false),
});
export type ImportConfig = z.input<typeof importConfig>;

export const importJob = z
  .object({
    job_id: rowId,
    status: z.string().describe('queued | running | completed | completed_with_errors | failed'),
    dry_run: z.boolean(),
    mode: z.enum(['skip_existing', 'overwrite']),
    source_root: z.string(),
    target_root: z.string(),
    validate_files: z.boolean(),
    progress: z.object({ videos_imported: count, videos_skipped: count, videos_failed: count, videos_total: count }),
    summary: z.record(z.string(), z.number()).describe('persons_imported, actions_imported, …'),
    warnings: z.array(z.string()),
    errors: z.array(z.string()),
    videos: z
      .array(
        z.object({
          rel_path: z.string(),
          outcome: z.enum(['imported', 'skipped', 'failed']),
          detail: z.string().nullable(),
        }),
      )
      .describe('what happened to each package video so far'),
    initiated_by: z.string().nullable(),
    started_at: isoTime.nullable(),
    finished_at: isoTime.nullable(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof importJob>;
export const importJobParams = z.object({ id: idText });
