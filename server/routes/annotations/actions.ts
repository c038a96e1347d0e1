// POST /annotations/{videoId}/actions, PATCH /annotations/{id}/actions/{actionId},
// DELETE /annotations/{videoId}/actions/{actionId}. All three need a signed-in user.
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import { createAction, deleteAction, updateAction } from '../../services/annotation-edits/actions';
import { actionSegment } from '../../../domain/contract/annotations';
import {
  actionParams,
  actionPatchBody,
  annotationParams,
  deletedAction,
  newActionBody,
  versionQuery,
} from '../../../domain/contract/annotation-edits';

export const actionRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post(
    '/annotations/:id/actions',
    {
      config: { role: 'user' },
      schema: { params: annotationParams, body: newActionBody, response: json(actionSegment, 201) },
    },
    async (req, reply) => {
      const who = caller(req);
      const seg = await createAction(db, req.params.id, req.body, who);
      return reply.status(201).send(seg);
    },
  );

  app.patch(
    '/annotations/:id/actions/:actionId',
    {
      config: { role: 'user' },
      schema: { params: actionParams, body: actionPatchBody, response: json(actionSegment) },
    },
    async (req) => {
      const who = caller(req);
      // a patch that changes nothing is refused by the contract before this runs
      const { version, ...change } = req.body;
      return updateAction(db, req.params.id, req.params.actionId, { ...change, version }, who);
    },
  );

  app.delete(
    '/annotations/:id/actions/:actionId',
    {
      config: { role: 'user' },
      schema: { params: actionParams, querystring: versionQuery, response: json(deletedAction) },
    },
    async (req) => {
      const deleted = await deleteAction(db, req.params.id, req.params.actionId, caller(req), req.query.version);
      return { deleted: true as const, action: deleted };
    },
  );
};
