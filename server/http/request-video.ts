// The video a by-id route names, looked up (live and visible to the caller: requireVisibleVideoFact) once
// per request by the preHandler in app.ts. A route that only needs the row takes it from here instead of
// reading it again; a service that changes the video reads it again itself, inside its own transaction,
// so what it checks is what it writes over.
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
