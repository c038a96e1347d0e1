// GET /api/v1/assignments/assignees: everyone with assigned videos, with their counts (library filter).
import type { RoutePlugin } from '../http/types';
import { listAssignees } from '../repositories/videos';
import { hiddenSourceRoles } from '../services/source-visibility';

export const assignmentRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/assignments/assignees', async (req) => (await listAssignees(db, hiddenSourceRoles(req.identity))).map((r) => ({ id: r.id, name: r.name ?? r.id, count: r.count })));
};
