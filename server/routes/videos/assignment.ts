// PATCH /api/v1/videos/assignment {video_ids, assignee_id | null}: assign or unassign videos (admins).
// Answers the ids that were changed (deleted, unknown or hidden-source ids are left out) and the assignee as stored.
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { assignVideos } from '../../services/assignments/assign-videos';

import { assignmentBody, assignmentResult } from '../../../domain/contract/videos';

export const videoAssignmentRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.patch(
    '/videos/assignment',
    { config: { role: 'admin' }, schema: { body: assignmentBody, response: json(assignmentResult) } },
    async (req) => assignVideos(db, caller(req), req.body.video_ids, req.body.assignee_id),
  );
};
