// Users: the table the server reads roles from. VAT_BOOTSTRAP_SUPER seeds super users on an empty table.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';

export async function bootstrapUsers(db: Db, superIds: string[]): Promise<void> {
  if (!superIds.length) return;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return;
  await db.insert(users).values(superIds.map((id) => ({ id, role: 'super', name: null }))).onConflictDoNothing();
}
