// The video a by-id route names, looked up (live and visible to the caller) once per request by the
// preHandler in app.ts, so the route does not read it again.
import type { FastifyRequest } from 'fastify';
import type { VideoRow } from '../services/video-dto';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for /videos/:id… and /annotations/:id… routes before their handler runs. */
    video: VideoRow | null;
  }
}

export function requestVideo(req: FastifyRequest): VideoRow {
  if (!req.video) throw new Error(`no video was looked up for ${req.routeOptions.url}`);
  return req.video;
}
