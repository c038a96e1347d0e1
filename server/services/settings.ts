// Render/detection settings, stored under one key; missing fields read as their defaults.
import type { Db } from '../db/connect';
import { readSetting, writeSetting } from '../repositories/settings';
import type { VideoSettings } from '../../domain/constants';
import { withDefaults } from '../../domain/video-settings';

export const VIDEO_SETTINGS_KEY = 'render';

export async function getVideoSettings(db: Db): Promise<VideoSettings> {
  return withDefaults((await readSetting(db, VIDEO_SETTINGS_KEY)) as Partial<VideoSettings> | undefined);
}

export async function saveVideoSettings(db: Db, value: VideoSettings): Promise<void> {
  await writeSetting(db, VIDEO_SETTINGS_KEY, value);
}
