// The Repository Manager's calls: source folders with stats and the path check, the root folders,
// re-ingest, job history and purge. Each call carries the error text shown when the server gives no detail.
import type { Role } from '../../domain/constants';
import type {
  IngestJob as JobDto,
  PurgeResult,
  RemovedSource as RemoveSourceResult,
  StorageSource as SourceDto,
  RootConfig,
  RootValidation,
  SourceValidation,
} from '../../domain/contract/storage';
import type { ReingestAllResult, ReingestResult } from '../../domain/contract/sources';
import { ApiError, errorText, rawRequest, request } from './request';

export type {
  JobDto,
  PurgeResult,
  ReingestAllResult,
  ReingestResult,
  RemoveSourceResult,
  RootConfig,
  RootValidation,
  SourceDto,
  SourceValidation,
};

const BASE = '/api/v1/admin/repo';

export type SourceRole = '' | Role;
export interface SourceInput {
  root: string;
  label: string;
  role: SourceRole;
  enabled: boolean;
}
export const listStorageSources = () => request<SourceDto[]>(`${BASE}/sources`, { fallback: 'Failed to load sources' });

export const validateSource = (root: string, originalRoot?: string, signal?: AbortSignal) =>
  request<SourceValidation>(`${BASE}/sources/validate`, {
    method: 'POST',
    json: { root, ...(originalRoot ? { original_root: originalRoot } : {}) },
    signal,
    fallback: 'Validation failed',
  });

const sourceBody = (s: SourceInput) => ({
  root: s.root.trim(),
  label: s.label.trim(),
  role: s.role,
  enabled: s.enabled,
});

export const addSource = (s: SourceInput) =>
  request<SourceDto>(`${BASE}/sources`, { method: 'POST', json: sourceBody(s), fallback: 'Failed to add source' });

export const updateSource = (originalRoot: string, s: SourceInput) =>
  request<SourceDto>(`${BASE}/sources`, {
    method: 'PUT',
    json: { original_root: originalRoot, ...sourceBody(s) },
    fallback: 'Failed to update source',
  });

export const removeSource = (root: string) =>
  request<RemoveSourceResult>(`${BASE}/sources`, {
    method: 'DELETE',
    json: { root },
    fallback: 'Failed to delete source',
  });

export const ROOT_KEYS = ['upload_root', 'target_root', 'temp_root'] as const;
export type RootKey = (typeof ROOT_KEYS)[number];

export const getRootConfig = () =>
  request<RootConfig>(`${BASE}/root-config`, { fallback: 'Failed to load root configuration' });

export const saveRootConfig = (c: RootConfig) =>
  request<RootConfig>(`${BASE}/root-config`, { method: 'PUT', json: c, fallback: 'Failed to save root configuration' });

export const validateRootConfig = (c: RootConfig) =>
  request<RootValidation>(`${BASE}/root-config/validate`, { method: 'POST', json: c, fallback: 'Validation failed' });

export const importRootConfig = (c: RootConfig) =>
  request<{ imported: true; config: RootConfig }>(`${BASE}/root-config/import`, {
    method: 'POST',
    json: c,
    fallback: 'Failed to import configuration',
  });

/** The saved configuration as the file the server names (root_paths.json). */
export async function exportRootConfig(): Promise<Blob> {
  const res = await rawRequest(`${BASE}/root-config/export`);
  if (!res.ok) throw new ApiError(res.status, await errorText(res, 'Failed to export configuration'));
  return res.blob();
}

export const reingestOne = (root: string, deleteMissing: boolean) =>
  request<ReingestResult>(
    `/api/v1/sources/reingest?${new URLSearchParams({ root, delete_missing: String(deleteMissing) })}`,
    { method: 'POST', fallback: 'Failed to re-ingest source' },
  );

export const reingestAll = (deleteMissing: boolean, includeDisabled: boolean) =>
  request<ReingestAllResult>(
    `/api/v1/sources/reingest?${new URLSearchParams({ delete_missing: String(deleteMissing), include_disabled: String(includeDisabled) })}`,
    { method: 'POST', fallback: 'Failed to re-ingest source' },
  );

export const JOB_TYPES = ['all', 'scan', 'reingest', 'purge'] as const;
export const JOB_STATUSES = ['all', 'running', 'success', 'failed'] as const;
export const JOB_LIMITS = [10, 25, 50, 100] as const;
export const DEFAULT_JOB_LIMIT = 25;
export type JobTypeFilter = (typeof JOB_TYPES)[number];
export type JobStatusFilter = (typeof JOB_STATUSES)[number];

export const listJobs = (f: { limit: number; job_type: JobTypeFilter; status: JobStatusFilter }) =>
  request<JobDto[]>(
    `${BASE}/jobs?${new URLSearchParams({ limit: String(f.limit), job_type: f.job_type, status: f.status })}`,
    { fallback: 'Failed to load job history' },
  );

export interface PurgeOptions {
  dry_run: boolean;
  source_root?: string;
  limit?: number;
}
/** The request always carries confirm: true; a limit goes only when it is above 0, a source only when chosen. */
export function purgeBody(o: PurgeOptions) {
  return {
    confirm: true as const,
    dry_run: o.dry_run,
    ...(o.source_root ? { source_root: o.source_root } : {}),
    ...(o.limit !== undefined && Number.isInteger(o.limit) && o.limit > 0 ? { limit: o.limit } : {}),
  };
}

export const purgeDeleted = (o: PurgeOptions) =>
  request<PurgeResult>(`${BASE}/purge`, {
    method: 'POST',
    json: purgeBody(o),
    fallback: o.source_root ? 'Failed to purge deleted videos for source' : 'Failed to purge records',
  });
