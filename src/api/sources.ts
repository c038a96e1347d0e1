// Sources as the library uses them: list and re-ingest one root.
import type { LibrarySource, ReingestResult } from '../../domain/contract/sources';
import { request } from './request';

export type { LibrarySource };

export const listSources = () => request<LibrarySource[]>('/api/v1/sources/');

export const reingestSource = (root: string) =>
  request<ReingestResult>(`/api/v1/sources/reingest?${new URLSearchParams({ root })}`, {
    method: 'POST',
    fallback: 'Failed to re-ingest source',
  });

/** The last three segments of a source path, as the Source filter shows it. */
export function sourceLabel(root: string): string {
  return (
    root
      .split(/[\\/]+/)
      .filter(Boolean)
      .slice(-3)
      .join('/') || root
  );
}
