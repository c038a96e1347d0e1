// Compact annotation reads for the editor (an extension documented in the README's API section):
//   GET /api/v1/annotations/{id}/summary                  → tracks with frame ranges, segments, video_info
//   GET /api/v1/annotations/{id}/detections?from=&to=     → binary detection window [from, to), ≤ 2000 frames
// so a 1M-detection set shows its first frame without one giant JSON (GET /annotations/{id} stays for export).
import { z } from 'zod';
import { videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { buildAnnotationSummary, readDetectionWindow } from '../../services/annotation-set';

const windowQuery = z.object({
  from: z.coerce.number().int().min(0).max(100_000_000),
  to: z.coerce.number().int().min(1).max(100_000_000),
});

export const annotationWindowRoutes: RoutePlugin = (app, { database }) => {
  app.get('/annotations/:id/summary', { schema: { params: videoIdParams } }, async (req, reply) => {
    const summary = await buildAnnotationSummary(database, req.params.id);
    reply.header('Cache-Control', 'no-store');
    return summary;
  });

  app.get('/annotations/:id/detections', { schema: { params: videoIdParams, querystring: windowQuery } }, async (req, reply) => {
    const { body, count } = await readDetectionWindow(database, req.params.id, req.query.from, req.query.to);
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Detection-Count', String(count));
    return reply.type('application/octet-stream').send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });
};
