// Review issues (extension, issue 37): pinned to a frame range, a track and a region, with a comment thread.
//   POST  /annotations/{id}/issues                      {frame, to_frame?, track_id?, box?, kind, text} → 201 the issue
//   GET   /annotations/{id}/issues?state=open|resolved|all → {video_id, open, resolved, issues} (with comments)
//   POST  /annotations/{id}/issues/{issueId}/comments   {text} → 201 the comment
//   PATCH /annotations/{id}/issues/{issueId}            {state, version, comment?} → the issue (428 / 409)
// Visibility is the by-id preHandler's (app.ts): a hidden or deleted video is 404 here too.
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import { changeIssueState, commentOnIssue, listIssues, raiseIssue } from '../../services/review-issues/issues';
import {
  issueComment,
  issueItemParams,
  issueList,
  issueListQuery,
  issueParams,
  issuePatchBody,
  newCommentBody,
  newIssueBody,
  reviewIssue,
} from '../../../domain/contract/review-issues';

export const reviewIssueRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.post(
    '/annotations/:id/issues',
    { config: { role: 'user' }, schema: { params: issueParams, body: newIssueBody, response: json(reviewIssue, 201) } },
    async (req, reply) => reply.status(201).send(await raiseIssue(db, req.params.id, req.body, caller(req))),
  );

  app.get(
    '/annotations/:id/issues',
    { schema: { params: issueParams, querystring: issueListQuery, response: json(issueList) } },
    async (req) => listIssues(db, req.params.id, req.query.state),
  );

  app.post(
    '/annotations/:id/issues/:issueId/comments',
    {
      config: { role: 'user' },
      schema: { params: issueItemParams, body: newCommentBody, response: json(issueComment, 201) },
    },
    async (req, reply) =>
      reply.status(201).send(await commentOnIssue(db, req.params.id, req.params.issueId, req.body.text, caller(req))),
  );

  app.patch(
    '/annotations/:id/issues/:issueId',
    {
      config: { role: 'user' },
      schema: { params: issueItemParams, body: issuePatchBody, response: json(reviewIssue) },
    },
    async (req) => changeIssueState(db, req.params.id, req.params.issueId, req.body, caller(req)),
  );
};
