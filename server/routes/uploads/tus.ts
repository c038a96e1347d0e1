// /api/v1/uploads/tus: resumable uploads (the tus 1.0 protocol, @tus/server with a file store in
// temp_root/tus), for signed-in users. A finished upload goes through the same probe → place → ingest
// step as POST /videos/upload, and the final PATCH answers the new video (200, JSON). Unfinished
// uploads are kept for resuming and removed after a day.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { RoutePlugin } from '../../http/types';
import { DomainError } from '../../domain-errors';
import { STATUS_OF } from '../../http/error-status';
import { checkUploadName, ingestTempFile, uploadFolders, type UploadContext } from '../../services/uploads/receive-upload';
import { toVideoDto } from '../../services/video-dto';

export const TUS_PATH = '/api/v1/uploads/tus';
const KEEP_UNFINISHED_MS = 24 * 60 * 60 * 1000;

/** A domain error as tus sends errors: a status and a body (our JSON `detail`). */
function tusError(e: unknown): never {
  if (e instanceof DomainError) throw { status_code: STATUS_OF[e.kind], body: JSON.stringify({ detail: e.detail }) };
  throw e;
}

function tusServer(ctx: UploadContext, dir: string): Server {
  return new Server({
    path: TUS_PATH,
    relativeLocation: true,
    datastore: new FileStore({ directory: dir, expirationPeriodInMilliseconds: KEEP_UNFINISHED_MS }),
    maxSize: ctx.maxUploadBytes,
    onUploadCreate: async (req: Request, upload: Upload) => {
      try { checkUploadName(upload.metadata?.filename ?? ''); } catch (e) { tusError(e); }
      // who started it is recorded now; the request that finishes it may come much later
      return { metadata: { ...upload.metadata, uploaded_by: req.headers.get('x-user-id') ?? '' } };
    },
    onUploadFinish: async (_req: Request, upload: Upload) => {
      const file = path.join(dir, upload.id);
      try {
        const row = await ingestTempFile(ctx, file, upload.metadata?.filename ?? '', upload.metadata?.uploaded_by ?? '');
        return { status_code: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(toVideoDto(row)) };
      } catch (e) {
        return tusError(e);
      } finally {
        await fsp.rm(`${file}.json`, { force: true }).catch(() => undefined); // the store's record of the upload
      }
    },
  });
}

export const uploadTusRoutes: RoutePlugin = async (app, { database: { db }, media, config }) => {
  const ctx: UploadContext = { db, media, dataDir: config.dataDir, maxUploadBytes: config.maxUploadBytes };
  // temp_root can be reconfigured at run time: one tus server per folder
  const servers = new Map<string, Server>();
  const serverNow = async () => {
    const dir = path.join((await uploadFolders(ctx)).tempDir, 'tus');
    let s = servers.get(dir);
    if (!s) {
      await fsp.mkdir(dir, { recursive: true });
      s = tusServer(ctx, dir);
      servers.set(dir, s);
    }
    return s;
  };
  const sweep = setInterval(() => { for (const s of servers.values()) s.cleanUpExpiredUploads().catch(() => undefined); }, 60 * 60 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.register(async (scope) => {
    // tus reads PATCH bodies itself, from the raw request
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    const handler = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const server = await serverNow();
      reply.hijack();
      await server.handle(req.raw, reply.raw);
    };
    for (const url of ['/uploads/tus', '/uploads/tus/*']) {
      scope.route({ method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'], url, config: { role: 'user' }, handler });
    }
  });
};
