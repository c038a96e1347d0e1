// PATCH /api/v1/videos/assignment {video_ids, assignee_id | null}: assign or unassign videos (admins).
// Answers the ids that were changed (deleted, unknown or hidden-source ids are left out) and the assignee as stored.
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { assignVideos } from '../../services/assignments/assign-videos';

const body = z.object({
  video_ids: z.array(z.number().int().positive()).min(1, 'video_ids must name at least one video').max(10_000),
  assignee_id: z.string().trim().min(1).max(200).nullable(),
});

export const videoAssignmentRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.patch('/videos/assignment', { config: { role: 'admin' }, schema: { body } }, async (req) => assignVideos(db, caller(req), req.body.video_ids, req.body.assignee_id));
};
