// Row → API shape of a video, shared by every route that returns videos.
import type { VideoRow } from '../repositories/videos';
import type { Video } from '../../domain/types';
import type { VideoStatus } from '../../domain/constants';

export type { VideoRow };

/** API timestamps: ISO 8601 in UTC, or null. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toVideoDto(r: VideoRow): Video {
  return {
    id: r.id,
    filename: r.filename,
    path: r.path,
    rel_path: r.relPath,
    source_root: r.sourceRoot,
    size_bytes: r.sizeBytes,
    duration: r.duration,
    width: r.width,
    height: r.height,
    fps: r.fps,
    fps_rational: `${r.fpsNum}/${r.fpsDen}`,
    total_frames: r.totalFrames,
    processing_status: r.processingStatus as VideoStatus,
    previous_status: (r.previousStatus as VideoStatus | null) ?? null,
    ai_processed_at: iso(r.aiProcessedAt),
    status_updated_at: iso(r.statusUpdatedAt),
    assigned_to_id: r.assignedToId,
    assigned_to_name: r.assignedToName,
    last_status_by_id: r.lastStatusById,
    last_status_changed_at: iso(r.lastStatusChangedAt),
    created_at: iso(r.createdAt) ?? '',
    open_issues: r.openIssues,
  };
}
