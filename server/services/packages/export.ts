// Export of a source's annotations as a package (layout in package-format.ts). The zip is streamed: videos
// are read in keyset pages, each video's entry is produced while it is written (one track at a time, its
// detections in keyset pages), hashed on the way out, and the next entry starts only when the last one
// has been consumed, so the response's back-pressure bounds memory to about one track of one video.
import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Database } from '../../db/connect';
import { Conflict, Invalid } from '../../domain-errors';
import { listRelationships, listSegments, listTrackRanges } from '../../repositories/annotations';
import type { NewDetection } from '../../repositories/new-detection';
import {
  countProcessedBySource,
  sourceVideosPage,
  trackDetectionsPage,
  type DetectionExportRow,
} from '../../repositories/package-export';
import { listProcessingLog, listStatusHistory } from '../../repositories/status';
import type { VideoRow } from '../../repositories/videos';
import { VIDEO_STATUSES } from '../../../domain/constants';
import { PROCESSED_RULE_TEXT } from '../../../domain/processed-videos';
import type { Identity } from '../../../domain/types';
import { checkClientPath } from '../storage/safe-path';
import { exportIssues } from '../review-issues/package-issues';
import { requireVisibleSource } from '../sources';
import { iso } from '../video-dto';
import {
  MANIFEST_ENTRY,
  PACKAGE_FORMAT,
  PACKAGE_VERSION,
  encodeTrack,
  videoEntryName,
  type PackageManifest,
} from './package-format';

export const DEFAULT_EXPORT_STATUSES = ['completed', 'reviewed', 'labelled', 'kiv', 'disqualified'] as const;
const VIDEO_PAGE = 100;
const DETECTION_PAGE = 5000;

export interface ExportRequest {
  source_root: string;
  status?: string[];
  include_history?: boolean;
}

type Counts = PackageManifest['counts'];

const toRow = (d: DetectionExportRow): NewDetection => ({
  trackId: Number(d.track_id),
  frame: Number(d.frame),
  x1: d.x1,
  y1: d.y1,
  x2: d.x2,
  y2: d.y2,
  confidence: d.confidence,
  keypoints: d.keypoints ? Array.from(d.keypoints, Number) : null,
  source: d.source,
  updatedById: d.updated_by_id,
  updatedAt: d.updated_at ? new Date(d.updated_at) : null,
  keypointVisibility: d.keypoint_visibility ? Array.from(d.keypoint_visibility, Number) : null,
});

/** One video's JSON, produced piece by piece: the small facts first, then one track at a time. */
async function* videoEntry(
  { db, sql }: Database,
  v: VideoRow,
  withLog: boolean,
  counts: Counts,
): AsyncGenerator<Buffer> {
  const history = await listStatusHistory(db, v.id);
  const segments = await listSegments(db, v.id);
  const relationships = await listRelationships(db, v.id);
  counts.history += history.length;
  counts.segments += segments.length;
  counts.relationships += relationships.length;
  const head = {
    format: `${PACKAGE_FORMAT}-video`,
    version: PACKAGE_VERSION,
    rel_path: v.relPath,
    filename: v.filename,
    probe: {
      width: v.width,
      height: v.height,
      fps: v.fps,
      fps_num: v.fpsNum,
      fps_den: v.fpsDen,
      duration: v.duration,
      total_frames: v.totalFrames,
      codec: v.codec,
      size_bytes: v.sizeBytes,
      frame_stride: v.frameStride,
    },
    status: v.processingStatus,
    previous_status: v.previousStatus,
    ai_processed_at: iso(v.aiProcessedAt),
    last_status_by_id: v.lastStatusById,
    last_status_changed_at: iso(v.lastStatusChangedAt),
    status_history: history.map((h) => ({
      changed_at: iso(h.changedAt),
      old_status: h.oldStatus,
      new_status: h.newStatus,
      remark: h.remark,
      changed_by_id: h.changedById,
    })),
    action_segments: segments.map((s) => ({
      track_id: s.trackId,
      action_class: s.actionClass,
      start_time: s.startTime,
      end_time: s.endTime,
      confidence: s.confidence,
      human_verified: s.humanVerified,
      created_by_id: s.createdById,
      created_at: iso(s.createdAt),
      updated_by_id: s.updatedById,
      updated_at: iso(s.updatedAt),
    })),
    relationships: relationships.map((r) => ({
      subject_track_id: r.subjectTrackId,
      object_track_id: r.objectTrackId,
      kind: r.kind,
      start_time: r.startTime,
      end_time: r.endTime,
    })),
    review_issues: await exportIssues(db, v.id),
    ...(withLog
      ? { processing_log: (await listProcessingLog(db, v.id)).map((l) => ({ at: iso(l.at), line: l.line })) }
      : {}),
  };
  yield Buffer.from(`${JSON.stringify(head).slice(0, -1)},"tracks":[`);
  let first = true;
  for (const { track_id: trackId } of await listTrackRanges(sql, v.id)) {
    const rows: NewDetection[] = [];
    for (let after = -1; ;) {
      const page = await trackDetectionsPage(sql, v.id, trackId, after, DETECTION_PAGE);
      for (const d of page) rows.push(toRow(d));
      if (page.length < DETECTION_PAGE) break;
      after = Number(page[page.length - 1].frame);
    }
    if (!rows.length) continue;
    counts.detections += rows.length;
    yield Buffer.from(`${first ? '' : ','}${JSON.stringify(encodeTrack(trackId, rows))}`);
    first = false;
  }
  yield Buffer.from(']}');
}

/** Checks the request and starts the zip; the answer streams while the videos are read. */
export async function exportSourcePackage(
  database: Database,
  who: Identity,
  req: ExportRequest,
  log: (e: unknown) => void,
): Promise<{ stream: Readable; filename: string }> {
  const root = checkClientPath(req.source_root, 'source_root');
  const statuses = [...new Set((req.status ?? [...DEFAULT_EXPORT_STATUSES]).map((s) => s.trim().toLowerCase()))];
  if (!statuses.length) throw new Invalid('Choose at least one status to export');
  const unknown = statuses.filter((s) => !(VIDEO_STATUSES as readonly string[]).includes(s));
  if (unknown.length) throw new Invalid(`Unknown status: ${unknown.join(', ')}`);
  const source = await requireVisibleSource(database.db, root, who);
  if (!source.enabled) throw new Conflict('The source is disabled: enable it before exporting its annotations');
  if (!(await countProcessedBySource(database.db, source.root)).get(source.root))
    throw new Invalid(`No processed videos to export in ${source.root} (${PROCESSED_RULE_TEXT})`);

  const createdAt = new Date().toISOString();
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  zip.outputStream.on('error', (e) => out.destroy(e));
  const counts: Counts = { videos: 0, detections: 0, segments: 0, relationships: 0, history: 0 };
  const files: PackageManifest['files'] = [];
  // a client that goes away stops the export: the entry being produced is ended, so nothing waits forever
  let current: Transform | null = null;
  let aborted = false;
  out.on('close', () => {
    if (!out.readableEnded) {
      aborted = true;
      current?.destroy();
    }
  });

  const produce = async () => {
    let afterId = 0;
    for (;;) {
      const page = await sourceVideosPage(database.db, source.root, statuses, afterId, VIDEO_PAGE);
      for (const v of page) {
        const name = videoEntryName(++counts.videos);
        const hash = createHash('sha256');
        let bytes = 0;
        if (aborted) return;
        const hashing = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            hash.update(chunk);
            bytes += chunk.length;
            cb(null, chunk);
          },
        });
        current = hashing;
        const filled = pipeline(
          Readable.from(videoEntry(database, v, req.include_history === true, counts), { objectMode: false }),
          hashing,
        );
        zip.addReadStream(hashing, name, { compressionLevel: 1 });
        // the next entry waits until this one has gone out, so only one is ever being produced
        await Promise.all([filled, finished(hashing)]);
        files.push({ path: name, rel_path: v.relPath, bytes, sha256: hash.digest('hex') });
      }
      if (page.length < VIDEO_PAGE) break;
      afterId = page[page.length - 1].id;
    }
    const manifest: PackageManifest = {
      format: PACKAGE_FORMAT,
      version: PACKAGE_VERSION,
      source_root: source.root,
      source_label: source.label || null,
      created_at: createdAt,
      exported_by: { id: who.id, name: who.name },
      statuses,
      counts,
      files,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY);
    zip.end();
  };
  produce().catch((e) => {
    if (!aborted) log(e);
    out.destroy(e as Error);
  });
  const stamp = createdAt.replace(/:/g, '-');
  return { stream: out, filename: `export_${source.label || 'source'}_${stamp}.zip` };
}
