// Sources as the library uses them: list and re-ingest one root.
import type { Source } from '../../domain/types';
import { request } from './request';

export const listSources = () => request<Source[]>('/api/v1/sources/');

export const reingestSource = (root: string) =>
  request<{ added: number; removed: number }>(`/api/v1/sources/reingest?${new URLSearchParams({ root })}`, { method: 'POST', fallback: 'Failed to re-ingest source' });

/** The last three segments of a source path, as the Source filter shows it. */
export function sourceLabel(root: string): string {
  return root.split(/[\\/]+/).filter(Boolean).slice(-3).join('/') || root;
}
