// Render/detection settings, stored under one key; missing fields read as their defaults.
import type { Db } from '../db/connect';
import { readSetting, writeSetting } from '../repositories/settings';
import type { RenderSettings } from '../../domain/constants';
import { withDefaults } from '../../domain/render-settings';

export const RENDER_SETTINGS_KEY = 'render';

export async function getRenderSettings(db: Db): Promise<RenderSettings> {
  return withDefaults((await readSetting(db, RENDER_SETTINGS_KEY)) as Partial<RenderSettings> | undefined);
}

export async function saveRenderSettings(db: Db, value: RenderSettings): Promise<void> {
  await writeSetting(db, RENDER_SETTINGS_KEY, value);
}
