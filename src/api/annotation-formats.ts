// Per-video interchange files: the download address of each format, and importing a file into a video.
import type { FormatName } from '../../domain/formats/model';
import type { ImportResult as FormatImportResult } from '../../domain/contract/annotations';
import { apiUrl, request } from './request';

export type { FormatImportResult };

export const FORMAT_LABELS: Record<FormatName, string> = {
  'coco-keypoints': 'COCO keypoints JSON',
  posetrack18: 'PoseTrack 2018 JSON',
  mot: 'MOTChallenge CSV',
  'cvat-video': 'CVAT for video XML',
};

export const annotationFormatUrl = (videoId: number, format: FormatName) =>
  apiUrl(`/api/v1/annotations/${videoId}/export?format=${encodeURIComponent(format)}`);

export function importAnnotationFile(
  videoId: number,
  format: FormatName,
  file: File,
  opts: { dryRun: boolean; confirm?: boolean },
): Promise<FormatImportResult> {
  const body = new FormData();
  body.set('format', format);
  body.set('dry_run', String(opts.dryRun));
  if (opts.confirm) body.set('confirm', 'true');
  body.set('file', file);
  return request<FormatImportResult>(`/api/v1/annotations/${videoId}/import`, {
    method: 'POST',
    body,
    fallback: 'Failed to import annotations',
  });
}
