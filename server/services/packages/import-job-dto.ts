// The import job as the Import Annotations dialog reads it.
import type { ImportJob } from '../../../domain/contract/packages';
import type { ImportJobRow } from '../../repositories/package-import';
import { iso } from '../video-dto';
import type { VideoResult } from './import-job-data';

export function importJobDto(j: ImportJobRow): ImportJob {
  const p = j.progress as Record<string, number>;
  return {
    job_id: j.id,
    status: j.status,
    dry_run: j.dryRun,
    mode: j.mode as ImportJob['mode'],
    source_root: j.sourceRoot,
    target_root: j.targetRoot,
    validate_files: j.validateFiles,
    progress: {
      videos_imported: p.videos_imported ?? 0,
      videos_skipped: p.videos_skipped ?? 0,
      videos_failed: p.videos_failed ?? 0,
      videos_total: p.videos_total ?? 0,
    },
    summary: j.summary as Record<string, number>,
    warnings: j.warnings as string[],
    errors: j.errors as string[],
    videos: j.videoResults as VideoResult[],
    initiated_by: j.initiatedBy,
    started_at: iso(j.startedAt),
    finished_at: iso(j.finishedAt),
  };
}
