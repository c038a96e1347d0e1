// Writing one package video: its detections staged where no reader sees them (insert-columns.ts), then its
// segments, relationships, status and history with the switch to the new detections in one small
// transaction; skipped when its annotations changed after the import job was created.
import type { Database, Tx } from '../../db/connect';
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
import { openStaging } from '../../repositories/detection-staging';
import { decideVideo, type ImportSettings, type VideoDecision } from './import-plan';
import type { CheckedPackageVideo } from './package-video-check';
import { insertColumns, writeStaged } from '../imports/insert-columns';
import { importIssues } from '../review-issues/package-issues';

/** Per package rel_path: the target video and its annotation version when the job was created. */
export type BaseVersions = Record<string, { video_id: number; version: number }>;

const date = (s: string | null | undefined) => (s ? new Date(s) : null);
const CHANGED_SINCE_START = 'skipped, its annotations changed after the import began (not overwritten)';
const BUSY = 'skipped, another import is writing this video now';

type VideoOutcome = { action: 'skip'; warning: string } | { action: 'import'; detections: number };

/**
 * One video's annotations (read with their rows), status and history: its boxes staged in batches where no
 * reader sees them, then everything else and the switch to them in one small transaction; skipped when its
 * annotations changed after the job was created, checked again when publishing. The counts it added.
 */
export async function writeVideo(
  database: Database,
  job: ImportJobRow,
  checked: CheckedPackageVideo,
  settings: ImportSettings,
) {
  const pkg = checked.video;
  const rows = checked.rows;
  if (!rows) throw new Error(`${pkg.rel_path}: read without its rows`);
  const base = (job.baseVersions as BaseVersions)[pkg.rel_path];
  let decision: Extract<VideoDecision, { action: 'import' }> | null = null;
  // decided again in each transaction, so an edit since the plan is never overwritten by surprise
  const decide = async (tx: Tx): Promise<VideoOutcome | null> => {
    const d = await decideVideo(tx, checked, settings);
    if (d.action === 'skip') return d;
    decision = d;
    // a video with no note did not exist (so had no annotations, version 0) when the job was created
    const current = await lockAnnotationVersion(tx, d.video.id);
    if (current !== (base?.video_id === d.video.id ? base.version : 0))
      return { action: 'skip', warning: `${pkg.rel_path}: ${CHANGED_SINCE_START}` };
    return null;
  };
  let version = 0;
  return writeStaged<VideoOutcome>(database, {
    async open(tx) {
      const no = await decide(tx);
      if (no) return { result: no };
      const id = decision!.video.id;
      // boxes brought in may stand where replaced ones stood: above every old version, so a save based on a
      // replaced box is refused instead of landing on the imported one
      version = (await highestDetectionVersion(tx, id)) + 1;
      // a fresh generation: published, it replaces every box of the video at once
      const staging = await openStaging(tx, id, job.id, true);
      return staging ? { staging } : { result: { action: 'skip', warning: `${pkg.rel_path}: ${BUSY}` } };
    },
    write: (step, staging) => insertColumns(step, staging, rows, { version }),
    async publish(tx, staging, detections) {
      const no = await decide(tx);
      if (no) return { publish: false, result: no };
      if (decision!.video.id !== staging.videoId)
        return { publish: false, result: { action: 'skip', warning: `${pkg.rel_path}: ${CHANGED_SINCE_START}` } };
      await publishVideo(tx, job, checked, staging.videoId, decision!.replace);
      return { publish: true, result: { action: 'import', detections } };
    },
  });
}

/** Everything of a package video but its boxes, in the transaction that publishes them. */
async function publishVideo(tx: Tx, job: ImportJobRow, checked: CheckedPackageVideo, id: number, replace: boolean) {
  const pkg = checked.video;
  // (the old boxes are not deleted here: the staging's generation replaces them as it is published)
  if (replace) await clearAnnotations(tx, id);
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
  await importIssues(tx, id, pkg.review_issues, replace);
  await bumpAnnotationVersion(tx, id);
  await appendImportLog(
    tx,
    id,
    `Annotations imported from a package of ${job.sourceRoot} (import job ${job.id}, by ${job.initiatedBy ?? 'unknown'})`,
  );
}
