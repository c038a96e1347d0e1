// GET /api/v1/videos/{id}/download: the video file by id only (no client path), with Range/206 for seeking;
// with playback=1, for the player, a copy a browser can play when the file itself is not (playback-copy.ts).
import path from 'node:path';
import send from '@fastify/send';
import { NotFound } from '../../domain-errors';
import { videoDownloadQuery, videoIdParams } from '../../../domain/contract/params';
import { PlaybackCopies } from '../../media/playback-copy';
import { binary } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { requireVideoFile } from '../../services/video-file';
import { requestVideo } from '../../http/request-video';

export const VIDEO_CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.mov': 'video/quicktime',
  '.avi': 'video/x-msvideo',
};

const SWEEP_EVERY_MS = 60 * 60_000;

const VIDEO_TYPES = [...new Set(Object.values(VIDEO_CONTENT_TYPES)), 'application/octet-stream'];

/** RFC 6266 filename for Content-Disposition: an ASCII fallback plus the UTF-8 form. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const videoDownloadRoutes: RoutePlugin = (app, deps) => {
  const copies = new PlaybackCopies(
    path.join(deps.config.dataDir, 'playback'),
    deps.media,
    deps.config.playbackCopiesBytes,
  );
  // at start-up and then hourly: a purged video's copy goes, and the folder stays under its limit
  const sweep = () => void copies.sweep().catch((e: Error) => app.log.warn(`playback copies: ${e.message}`));
  sweep();
  const sweeping = setInterval(sweep, SWEEP_EVERY_MS);
  sweeping.unref();
  app.addHook('onClose', async () => clearInterval(sweeping));
  app.get(
    '/videos/:id/download',
    {
      schema: {
        params: videoIdParams,
        querystring: videoDownloadQuery,
        response: {
          ...binary(VIDEO_TYPES, 'The video file'),
          ...binary(VIDEO_TYPES, 'The requested range of the video file (a Range request)', 206),
        },
      },
    },
    async (req, reply) => {
      const v = requestVideo(req);
      // The file's real path (links resolved) must lie inside its source root; anything else is never
      // served. The real path is what is sent, so a link cannot be swapped in between check and read.
      const real = await requireVideoFile(v);
      // the copy's path is the server's own (a hash under the data folder), never the client's
      const file = req.query.playback ? await copies.fileFor(real) : real;
      const result = await send(req.raw, `/${encodeURIComponent(path.basename(file))}`, {
        root: path.dirname(file),
        dotfiles: 'allow',
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
        throw new NotFound(`Video file is missing on disk: ${v.filename}`);
      }
      if (result.type !== 'file') throw new NotFound(`Video ${req.params.id} not found`);
      const type =
        VIDEO_CONTENT_TYPES[path.extname(file === real ? v.path : file).toLowerCase()] ?? 'application/octet-stream';
      return reply
        .status(result.statusCode)
        .headers(result.headers)
        .header('content-type', type)
        .header('content-disposition', contentDisposition('inline', v.filename))
        .send(result.stream);
    },
  );
};
