// Annotation packages: export a source's annotations as a zip, import one (a job), read the job once.
import { ApiError, errorText, rawRequest, request } from './request';

import type { SourceDto } from './storage';
import type { ImportConfig, ImportJob as ImportJobResult } from '../../domain/contract/packages';

export type { ImportJobResult, SourceDto };

export const sourceName = (s: Pick<SourceDto, 'label' | 'root'>) => s.label || s.root;

export const EXPORT_STATUS_OPTIONS = [
  { value: 'completed', label: 'Completed' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'labelled', label: 'Labelled' },
  { value: 'kiv', label: 'KIV' },
  { value: 'disqualified', label: 'Disqualified' },
] as const;

/** export_{label or 'source'}_{timestamp with colons replaced by dashes}.zip */
export const exportFileName = (label: string, at: Date = new Date()) =>
  `export_${label || 'source'}_${at.toISOString().replace(/:/g, '-')}.zip`;

function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through */
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

export async function exportSourceAnnotations(
  source: SourceDto,
  statuses: string[],
): Promise<{ blob: Blob; filename: string }> {
  const res = await rawRequest('/api/v1/admin/repo/export_source', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ source_root: source.root, status: statuses, include_history: false }),
  });
  if (!res.ok) throw new ApiError(res.status, await errorText(res, 'Failed to export annotations'));
  return {
    blob: await res.blob(),
    filename: dispositionName(res.headers.get('content-disposition')) ?? exportFileName(source.label),
  };
}

export type { ImportConfig };
export type ImportMode = NonNullable<ImportConfig['mode']>;

export function startImport(file: File, config: ImportConfig): Promise<ImportJobResult> {
  const body = new FormData();
  body.set('config', JSON.stringify(config));
  body.set('file', file);
  return request<ImportJobResult>('/api/v1/admin/repo/import_source', {
    method: 'POST',
    body,
    fallback: 'Failed to import annotations',
  });
}

export const getImportJob = (id: number) => request<ImportJobResult>(`/api/v1/admin/repo/import_jobs/${id}`);
