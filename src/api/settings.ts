// GET/PUT /api/v1/settings/render: the render/detection settings (the settings dialog, the annotate screen).
// The answer is the whole record (VideoSettings, domain/contract/settings.ts); defaults are filled in
// again for a server older than a setting.
import type { VideoSettings } from '../../domain/constants';
import { withDefaults } from '../../domain/video-settings';
import { request } from './request';

export async function fetchVideoSettings(signal?: AbortSignal): Promise<VideoSettings> {
  return withDefaults(await request<Partial<VideoSettings>>('/api/v1/settings/render', { signal }));
}

export async function saveVideoSettings(settings: VideoSettings): Promise<VideoSettings> {
  return withDefaults(
    await request<Partial<VideoSettings>>('/api/v1/settings/render', { method: 'PUT', json: settings }),
  );
}
