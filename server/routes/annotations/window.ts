// Compact annotation reads for the editor (an extension documented in the README's API section):
//   GET /api/v1/annotations/{id}/summary                  → tracks with frame ranges, segments, video_info
//   GET /api/v1/annotations/{id}/detections?from=&to=     → binary detection window [from, to), ≤ 2000 frames
//     and ≤ VAT_WINDOW_MAX_MB: a larger one stops early, at a frame boundary (its `to`, X-Window-To)
// so a 1M-detection set shows its first frame without one giant JSON (GET /annotations/{id} stays for export).
// Both answer with a strong ETag built from the video's annotation version and 304 on a matching
// If-None-Match; encoded windows and summaries are shared by every reader through one byte-bounded cache per app.
import { videoIdParams } from '../../../domain/contract/params';
import { requestVideo } from '../../http/request-video';
import { binary, json } from '../../http/contract';
import {
  annotationSummary,
  detectionWindowQuery as windowQuery,
  type AnnotationSummary,
} from '../../../domain/contract/annotations';
import { notModified, sendNotModified } from './not-modified';
import { revalidate } from '../../http/revalidation';
import type { RoutePlugin } from '../../http/types';
import { annotationSummaryTag, buildAnnotationSummary, openDetectionWindow } from '../../services/annotation-set';
import { WindowCache } from '../../services/window-cache';
import { windowRowCap } from '../../services/window-cap';

/** The window is binary (domain/detection-window.ts encodes and decodes it); X-Detection-Count says how many rows it holds. */
const windowFile = binary(
  ['application/octet-stream'],
  'The detections of frames [from, to) in the binary window format of domain/detection-window.ts (header ' +
    'X-Detection-Count: their number). An answer is at most VAT_WINDOW_MAX_MB (4 MB unless set) and holds whole ' +
    'frames: a larger window stops early, and its `to` (in the binary header and in X-Window-To) is the first ' +
    'frame it does not hold; ask again from there until `to` is the one asked for.',
);
const windowAnswer = { 200: windowFile[200], ...notModified, '4XX': windowFile['4XX'], '5XX': windowFile['5XX'] };

export const annotationWindowRoutes: RoutePlugin = (app, { database, config }) => {
  const cache = new WindowCache(config.windowCacheBytes);
  const maxRows = windowRowCap(config.windowMaxBytes);

  app.get(
    '/annotations/:id/summary',
    { schema: { params: videoIdParams, response: { ...json(annotationSummary), ...notModified } } },
    async (req, reply) => {
      // the video (live, visible, its annotation version) was looked up by the preHandler
      const video = requestVideo(req);
      const etag = annotationSummaryTag(video);
      if (revalidate(req, reply, etag)) return sendNotModified(reply);
      // the tag names the annotation version and the video facts, so it keys the encoded summary too
      const { body } = await cache.get(`summary:${etag}`, async () => ({
        body: Buffer.from(JSON.stringify(await buildAnnotationSummary(database, video))),
        count: 0,
      }));
      // JSON text already (cached): Fastify sends a Buffer as it is, not through the serializer
      return reply.type('application/json; charset=utf-8').send(body as unknown as AnnotationSummary);
    },
  );

  app.get(
    '/annotations/:id/detections',
    { schema: { params: videoIdParams, querystring: windowQuery, response: windowAnswer } },
    async (req, reply) => {
      const { from, to } = req.query;
      const window = openDetectionWindow(database, cache, requestVideo(req), from, to, maxRows);
      if (revalidate(req, reply, window.etag)) return sendNotModified(reply);
      const { body, count, to: stop } = await window.read();
      reply.header('X-Detection-Count', String(count));
      reply.header('X-Window-To', String(stop ?? to));
      return reply.type('application/octet-stream').send(body);
    },
  );
};
