// Render calls of the Annotate screen: start a render, read its status (polled), the rendered video's URL.
import type { RenderStatus } from '../../domain/contract/render';
import { apiUrl, request } from './request';

export type { RenderStatus };

export const fetchRenderStatus = (videoId: number, signal?: AbortSignal) =>
  request<RenderStatus>(`/api/v1/videos/${videoId}/render/status`, { signal, cache: 'no-store' });

export const startRender = (videoId: number) =>
  request<RenderStatus>(`/api/v1/videos/${videoId}/render`, { method: 'POST', fallback: 'Failed to start render' });

export const renderDownloadUrl = (videoId: number, key: string) =>
  apiUrl(`/api/v1/videos/${videoId}/render/download?k=${encodeURIComponent(key)}`);
