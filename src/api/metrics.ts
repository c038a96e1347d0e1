// Summary figures (Dashboard, Metrics), the server status (status bar) and the admin source overview.
import type { MetricsDetails, MetricsSummary } from '../../domain/contract/metrics';
import type { ServerStatus } from '../../domain/contract/system';
import type { SignInMetrics } from '../../domain/contract/auth';
import type { StorageSource as SourceOverviewEntry } from '../../domain/contract/storage';
import { ApiError, errorText, rawRequest, request } from './request';

export type { MetricsDetails, MetricsSummary, ServerStatus, SignInMetrics, SourceOverviewEntry };

/** Rethrows with `fallback` when the request never got an answer (network failure). */
async function withFallback<T>(p: Promise<T>, fallback: string): Promise<T> {
  try {
    return await p;
  } catch (e) {
    throw e instanceof ApiError ? e : new Error(fallback);
  }
}

/** The summary; errors read the server's detail, else 'Metrics {status}', else 'Failed to load metrics'. */
export async function fetchSummary(): Promise<MetricsSummary> {
  const res = await withFallback(rawRequest('/api/v1/metrics/summary'), 'Failed to load metrics');
  if (!res.ok) throw new ApiError(res.status, await errorText(res, `Metrics ${res.status}`));
  return res.json() as Promise<MetricsSummary>;
}

export const fetchServerStatus = () => request<ServerStatus>('/api/v1/status');

export const fetchSourceOverview = () =>
  withFallback(
    request<SourceOverviewEntry[]>('/api/v1/admin/repo/sources', { fallback: 'Failed to load source overview' }),
    'Failed to load source overview',
  );

export const fetchMetricsDetails = () =>
  withFallback(
    request<MetricsDetails>('/api/v1/metrics/details', { fallback: 'Failed to load metrics' }),
    'Failed to load metrics',
  );

/** Password guessing and the hashing queue (administrators). */
export const fetchSignInMetrics = () =>
  withFallback(
    request<SignInMetrics>('/api/v1/metrics/sign-in', { fallback: 'Failed to load sign-in figures' }),
    'Failed to load sign-in figures',
  );
