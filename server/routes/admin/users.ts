// /api/v1/admin/users: list for admin and super; writes for super only.
import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireAdmin, requireSuper } from '../../http/identity';
import { userIdSchema as userId } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { ROLES } from '../../../domain/constants';

const userDto = (u: typeof users.$inferSelect) => ({ id: u.id, name: u.name, role: u.role, created_at: u.createdAt.toISOString(), updated_at: u.updatedAt.toISOString() });

export const adminUserRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/admin/users', async (req) => {
    requireAdmin(req);
    return (await db.select().from(users).orderBy(asc(users.id))).map(userDto);
  });

  app.post('/admin/users', { schema: { body: z.object({ id: userId, name: z.string().trim().max(200).nullish(), role: z.enum(ROLES).default('annotator') }) } }, async (req) => {
    requireSuper(req);
    const { id, name, role } = req.body;
    // Adding an id that exists replaces that row.
    const [row] = await db.insert(users).values({ id, name: name || null, role })
      .onConflictDoUpdate({ target: users.id, set: { name: name || null, role, updatedAt: new Date() } }).returning();
    return userDto(row);
  });

  const idParams = z.object({ id: userId });
  app.put('/admin/users/:id', { schema: { params: idParams, body: z.object({ name: z.string().trim().max(200).nullish(), role: z.enum(ROLES) }) } }, async (req) => {
    const who = requireSuper(req);
    if (req.params.id === who.id && req.body.role !== 'super') throw conflict('You cannot remove your own super role');
    const [row] = await db.update(users).set({ name: req.body.name || null, role: req.body.role, updatedAt: new Date() }).where(eq(users.id, req.params.id)).returning();
    if (!row) throw notFound(`User ${req.params.id} not found`);
    return userDto(row);
  });

  app.delete('/admin/users/:id', { schema: { params: idParams } }, async (req) => {
    const who = requireSuper(req);
    if (req.params.id === who.id) throw badRequest('Cannot delete yourself');
    const rows = await db.delete(users).where(eq(users.id, req.params.id)).returning({ id: users.id });
    if (!rows.length) throw notFound(`User ${req.params.id} not found`);
    return { deleted: req.params.id };
  });
};
