// Render/detection settings (spec part 2 §3) stored in the settings table under one key.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { settings } from '../db/schema';
import { RENDER_SETTINGS_DEFAULTS, type RenderSettings } from '../../domain/constants';

export const RENDER_SETTINGS_KEY = 'render';

export async function getRenderSettings(db: Db): Promise<RenderSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, RENDER_SETTINGS_KEY)).limit(1);
  const v = (row?.value ?? {}) as Partial<RenderSettings>;
  return {
    ...RENDER_SETTINGS_DEFAULTS, ...v,
    overlay: { ...RENDER_SETTINGS_DEFAULTS.overlay, ...v.overlay },
    realtime: { ...RENDER_SETTINGS_DEFAULTS.realtime, ...v.realtime },
  };
}

export async function saveRenderSettings(db: Db, value: RenderSettings): Promise<void> {
  await db.insert(settings).values({ key: RENDER_SETTINGS_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}
