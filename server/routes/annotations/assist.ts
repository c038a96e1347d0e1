// The editor's pose assistant (calls 9 and 10 of the correction calls):
//   POST /annotations/{id}/assist/pose {frame, box}                          → 200 {keypoints, score, model}
//   POST /annotations/{id}/tracks/{trackId}/follow {from_frame, direction, max_frames, version} → 202 {job_id}
//   GET  /annotations/{id}/tracks/{trackId}/follow/{jobId}?after=n → the frames it made after the n-th, its state
// Both run the single-pose model on the process's warm pose worker (services/assist/assist-pool.ts).
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import { AssistPool } from '../../services/assist/assist-pool';
import { FollowJobs } from '../../services/assist/follow-job';
import { assistPose } from '../../services/assist/pose-assist';
import { annotationParams, trackParams } from '../../../domain/contract/annotation-edits';
import {
  followBody,
  followProgress,
  followProgressParams,
  followProgressQuery,
  followResult,
  poseAssistBody,
  poseAssistResult,
} from '../../../domain/contract/track-corrections';
const user = { role: 'user' as const };

export const assistRoutes: RoutePlugin = (app, { config, database: { db }, media }) => {
  const pool = new AssistPool({ modelsDir: config.modelsDir });
  const follows = new FollowJobs(db, pool, media.ffmpegPath);
  app.addHook('onClose', async () => {
    await follows.close();
    await pool.close();
  });

  app.post(
    '/annotations/:id/assist/pose',
    {
      config: user,
      schema: { params: annotationParams, body: poseAssistBody, response: json(poseAssistResult) },
    },
    async (req) => {
      caller(req);
      return assistPose(db, pool, media.ffmpegPath, req.params.id, req.body.frame, req.body.box);
    },
  );

  app.post(
    '/annotations/:id/tracks/:trackId/follow',
    {
      config: user,
      schema: { params: trackParams, body: followBody, response: json(followResult, 202) },
    },
    async (req, reply) => {
      const b = req.body;
      const answer = await follows.start(
        req.params.id,
        req.params.trackId,
        { fromFrame: b.from_frame, direction: b.direction, maxFrames: b.max_frames, version: b.version },
        caller(req),
      );
      return reply.status(202).send(answer);
    },
  );

  app.get(
    '/annotations/:id/tracks/:trackId/follow/:jobId',
    {
      config: user,
      schema: { params: followProgressParams, querystring: followProgressQuery, response: json(followProgress) },
    },
    async (req) => {
      const { id, trackId, jobId } = req.params;
      return follows.live.progress(id, trackId, jobId, req.query.after ?? 0);
    },
  );
};
