// GET /api/v1/videos/ (filtered, paged, stable order) and GET /api/v1/videos/{id}.
import { z } from 'zod';
import { videoIdParams } from '../../../domain/contract/params';
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { toVideoDto } from '../../services/video-dto';
import { requestVideo } from '../../http/request-video';
import { listVisibleVideosJson } from '../../services/video-list';
import { video, videoListQuery, type Video } from '../../../domain/contract/videos';

// The list is built as JSON text by the database (see repositories/video-list.ts) and sent as it is: its schema
// documents the rows, the API tests check them against it.
const videoList = z.array(video);

export const videoListRoutes: RoutePlugin = (app, { database: { sql } }) => {
  app.get('/videos', { schema: { querystring: videoListQuery, response: json(videoList) } }, async (req, reply) => {
    const { limit, skip, after_id: afterId, ...filter } = req.query;
    const json = await listVisibleVideosJson(sql, filter, { limit, skip, afterId }, req.identity);
    // JSON text already: Fastify sends a string as it is, not through the serializer
    return reply.type('application/json; charset=utf-8').send(json as unknown as Video[]);
  });

  app.get('/videos/:id', { schema: { params: videoIdParams, response: json(video) } }, async (req) =>
    toVideoDto(requestVideo(req)),
  );
};
