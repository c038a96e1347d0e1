// Writing one package video: its detections, segments, relationships, status and history in one
// transaction, skipped when its annotations changed after the import job was created.
import type { Database } from '../../db/connect';
import { bumpAnnotationVersion } from '../../repositories/annotation-version';
import { highestDetectionVersion } from '../../repositories/processing-results';
import {
  appendImportLog,
  clearAnnotations,
  insertImportedRows,
  lockAnnotationVersion,
  setImportedStatus,
  type ImportJobRow,
} from '../../repositories/package-import';
import { decideVideo, type ImportSettings } from './import-plan';
import type { CheckedPackageVideo } from './package-video-check';
import { insertColumns } from '../imports/insert-columns';
import { importIssues } from '../review-issues/package-issues';

/** Per package rel_path: the target video and its annotation version when the job was created. */
export type BaseVersions = Record<string, { video_id: number; version: number }>;

const date = (s: string | null | undefined) => (s ? new Date(s) : null);
const CHANGED_SINCE_START = 'skipped, its annotations changed after the import began (not overwritten)';

/** One video's annotations (read with their rows), status and history in one transaction; the counts it added. */
export async function writeVideo(
  database: Database,
  job: ImportJobRow,
  checked: CheckedPackageVideo,
  settings: ImportSettings,
) {
  const pkg = checked.video;
  return database.db.transaction(async (tx) => {
    // decided again inside the transaction, so an edit since the plan is never overwritten by surprise
    const d = await decideVideo(tx, checked, settings);
    if (d.action === 'skip') return d;
    const id = d.video.id;
    const base = (job.baseVersions as BaseVersions)[pkg.rel_path];
    // a video with no note did not exist (so had no annotations, version 0) when the job was created
    const current = await lockAnnotationVersion(tx, id);
    if (current !== (base?.video_id === id ? base.version : 0))
      return { action: 'skip' as const, warning: `${pkg.rel_path}: ${CHANGED_SINCE_START}` };
    // boxes brought in may stand where replaced ones stood: above every old version, so a save based on a
    // replaced box is refused instead of landing on the imported one
    const version = (await highestDetectionVersion(tx, id)) + 1;
    if (d.replace) await clearAnnotations(tx, id);
    if (!checked.rows) throw new Error(`${pkg.rel_path}: read without its rows`);
    const detections = await insertColumns(tx, id, checked.rows, { version });
    await insertImportedRows(tx, id, {
      segments: pkg.action_segments.map((s) => ({
        trackId: s.track_id,
        actionClass: s.action_class,
        startTime: s.start_time,
        endTime: s.end_time,
        confidence: s.confidence,
        humanVerified: s.human_verified,
        createdById: s.created_by_id,
        createdAt: date(s.created_at),
        updatedById: s.updated_by_id,
        updatedAt: date(s.updated_at),
      })),
      relationships: pkg.relationships.map((r) => ({
        subjectTrackId: r.subject_track_id,
        objectTrackId: r.object_track_id,
        kind: r.kind,
        startTime: r.start_time,
        endTime: r.end_time,
      })),
      history: pkg.status_history.map((h) => ({
        changedAt: new Date(h.changed_at),
        oldStatus: h.old_status,
        newStatus: h.new_status,
        remark: h.remark,
        changedById: h.changed_by_id,
      })),
    });
    await setImportedStatus(tx, id, {
      processingStatus: pkg.status,
      previousStatus: pkg.previous_status,
      aiProcessedAt: date(pkg.ai_processed_at),
      lastStatusById: pkg.last_status_by_id,
      lastStatusChangedAt: date(pkg.last_status_changed_at),
      frameStride: pkg.probe.frame_stride,
    });
    await importIssues(tx, id, pkg.review_issues, d.replace);
    await bumpAnnotationVersion(tx, id);
    await appendImportLog(
      tx,
      id,
      `Annotations imported from a package of ${job.sourceRoot} (import job ${job.id}, by ${job.initiatedBy ?? 'unknown'})`,
    );
    return { action: 'import' as const, detections };
  });
}
