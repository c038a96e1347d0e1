// /api/v1/videos/{id}/render: start a render (202; 409 while one is queued or running), its status
// (polled by the annotate screen every 500 ms) and the rendered video by its current key, with Range/206:
// played inline, or saved as a file with `download=1` (Content-Disposition: attachment).
import path from 'node:path';
import send from '@fastify/send';
import { NotFound } from '../../domain-errors';
import { caller } from '../../http/identity';
import { videoIdParams } from '../../../domain/contract/params';
import { binary, json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { getRenderStatus, requestRender, resolveRenderDownload } from '../../services/render/requests';
import { readRootConfig } from '../../services/storage/root-config';
import { contentDisposition } from './download';

import { renderDownloadQuery, renderStatus } from '../../../domain/contract/render';

export const videoRenderRoutes: RoutePlugin = (app, { database, queue, config }) => {
  const { db } = database;
  const deps = { db, sql: database.sql, queue, log: app.log };

  app.post(
    '/videos/:id/render',
    { config: { role: 'user' }, schema: { params: videoIdParams, response: json(renderStatus, 202) } },
    async (req, reply) => reply.code(202).send(await requestRender(deps, req.params.id, caller(req).id)),
  );

  app.get(
    '/videos/:id/render/status',
    { schema: { params: videoIdParams, response: json(renderStatus) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getRenderStatus(db, req.params.id);
    },
  );

  app.get(
    '/videos/:id/render/download',
    {
      schema: {
        params: videoIdParams,
        querystring: renderDownloadQuery,
        response: {
          ...binary(['video/mp4'], 'The rendered video'),
          ...binary(['video/mp4'], 'The requested range of the rendered video (a Range request)', 206),
        },
      },
    },
    async (req, reply) => {
      const { target_root } = await readRootConfig(db, config.dataDir);
      const { file, filename } = await resolveRenderDownload(db, req.params.id, req.query.k, target_root);
      const result = await send(req.raw, `/${encodeURIComponent(path.basename(file))}`, {
        root: path.dirname(file),
        dotfiles: 'deny',
        index: false,
        cacheControl: false,
        acceptRanges: true,
      });
      if (result.type === 'error') {
        if (result.statusCode === 416) {
          return reply
            .status(416)
            .header('content-range', result.headers['Content-Range'])
            .send({ detail: 'Requested range not satisfiable' });
        }
        throw new NotFound('The rendered video is missing on disk; render it again');
      }
      if (result.type !== 'file') throw new NotFound('The rendered video is missing on disk; render it again');
      // a key names one immutable file: caches may keep it
      return reply
        .status(result.statusCode)
        .headers(result.headers)
        .header('content-type', 'video/mp4')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', contentDisposition(req.query.download ? 'attachment' : 'inline', filename))
        .send(result.stream);
    },
  );
};
