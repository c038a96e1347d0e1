// SQL over the settings table: one JSON value per key.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { settings } from '../db/schema';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}
