// Per-video interchange files: the download address of each format, and importing a file into a video.
import type { FormatName } from '../../domain/formats/model';
import { apiUrl, request } from './request';

export const FORMAT_LABELS: Record<FormatName, string> = {
  'coco-keypoints': 'COCO keypoints JSON',
  posetrack18: 'PoseTrack 2018 JSON',
  mot: 'MOTChallenge CSV',
  'cvat-video': 'CVAT for video XML',
};

export const annotationFormatUrl = (videoId: number, format: FormatName) =>
  apiUrl(`/api/v1/annotations/${videoId}/export?format=${encodeURIComponent(format)}`);

/** What an import adds (a dry run: would add); `needs_confirm` when the video is reviewed or labelled. */
export interface FormatImportResult {
  format: FormatName; dry_run: boolean; tracks_imported: number; detections_imported: number; segments_imported: number;
  replaced: number; needs_confirm: boolean; track_ids: Array<{ file_id: number; track_id: number }>; warnings: string[];
}

export function importAnnotationFile(videoId: number, format: FormatName, file: File, opts: { dryRun: boolean; confirm?: boolean }): Promise<FormatImportResult> {
  const body = new FormData();
  body.set('format', format);
  body.set('dry_run', String(opts.dryRun));
  if (opts.confirm) body.set('confirm', 'true');
  body.set('file', file);
  return request<FormatImportResult>(`/api/v1/annotations/${videoId}/import`, { method: 'POST', body, fallback: 'Failed to import annotations' });
}
