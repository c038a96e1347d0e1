// GET/PUT /api/v1/settings/render: the render/detection settings (the settings dialog, the annotate screen).
// The answer is the whole record (RenderSettings, domain/contract/settings.ts); defaults are filled in
// again for a server older than a setting.
import type { RenderSettings } from '../../domain/constants';
import { withDefaults } from '../../domain/render-settings';
import { request } from './request';

export async function fetchRenderSettings(signal?: AbortSignal): Promise<RenderSettings> {
  return withDefaults(await request<Partial<RenderSettings>>('/api/v1/settings/render', { signal }));
}

export async function saveRenderSettings(settings: RenderSettings): Promise<RenderSettings> {
  return withDefaults(await request<Partial<RenderSettings>>('/api/v1/settings/render', { method: 'PUT', json: settings }));
}
