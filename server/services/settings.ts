// Render/detection settings, stored under one key; missing fields read as their defaults.
import type { Db } from '../db/connect';
import { readSetting, writeSetting } from '../repositories/settings';
import { RENDER_SETTINGS_DEFAULTS, type RenderSettings } from '../../domain/constants';

export const RENDER_SETTINGS_KEY = 'render';

export async function getRenderSettings(db: Db): Promise<RenderSettings> {
  const v = ((await readSetting(db, RENDER_SETTINGS_KEY)) ?? {}) as Partial<RenderSettings>;
  return {
    ...RENDER_SETTINGS_DEFAULTS, ...v,
    overlay: { ...RENDER_SETTINGS_DEFAULTS.overlay, ...v.overlay },
    realtime: { ...RENDER_SETTINGS_DEFAULTS.realtime, ...v.realtime },
  };
}

export async function saveRenderSettings(db: Db, value: RenderSettings): Promise<void> {
  await writeSetting(db, RENDER_SETTINGS_KEY, value);
}
