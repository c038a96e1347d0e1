// POST /annotations/{videoId}/actions, PATCH /annotations/{id}/actions/{actionId},
// DELETE /annotations/{videoId}/actions/{actionId}. All three need a signed-in user.
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { Invalid } from '../../domain-errors';
import { createAction, deleteAction, updateAction } from '../../services/annotation-edits/actions';
import { ACTION_CLASSES } from '../../../domain/constants';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const trackId = z.number().int().min(0).max(2_147_483_647);
const seconds = z.number().finite().min(0).max(1e7);
const confidence = z.number().min(0).max(1);
const actionParams = z.object({ id, actionId: id });

const createBody = z.object({
  track_id: trackId,
  action_class: z.enum(ACTION_CLASSES),
  start_time: seconds,
  end_time: seconds,
  confidence: confidence.default(0.7),
  human_verified: z.boolean().optional(),
  restore_id: id.optional(),
}).strict();

const patchBody = z.object({
  track_id: trackId.optional(),
  action_class: z.enum(ACTION_CLASSES).optional(),
  start_time: seconds.optional(),
  end_time: seconds.optional(),
  confidence: confidence.optional(),
  human_verified: z.boolean().optional(),
  version: z.number().int().min(1).optional(),
}).strict();

export const actionRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post('/annotations/:id/actions', { config: { role: 'user' }, schema: { params: z.object({ id }), body: createBody } }, async (req, reply) => {
    const who = caller(req);
    const seg = await createAction(db, req.params.id, req.body, who);
    return reply.status(201).send(seg);
  });

  app.patch('/annotations/:id/actions/:actionId', { config: { role: 'user' }, schema: { params: actionParams, body: patchBody } }, async (req) => {
    const who = caller(req);
    const { version, ...change } = req.body;
    if (Object.keys(change).length === 0) throw new Invalid('Send at least one of track_id, action_class, start_time, end_time, confidence, human_verified');
    return updateAction(db, req.params.id, req.params.actionId, { ...change, version }, who);
  });

  app.delete('/annotations/:id/actions/:actionId', {
    config: { role: 'user' },
    schema: { params: actionParams, querystring: z.object({ version: z.coerce.number().int().min(1).optional() }) },
  }, async (req) => {
    const deleted = await deleteAction(db, req.params.id, req.params.actionId, caller(req), req.query.version);
    return { deleted: true, action: deleted };
  });
};
