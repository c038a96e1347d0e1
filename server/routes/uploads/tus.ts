// /api/v1/uploads/tus: resumable uploads (the tus 1.0 protocol, @tus/server with a file store in
// temp_root/tus), for signed-in users. A finished upload goes through the same probe → place → ingest
// step as POST /videos/upload, and the final PATCH answers the new video (200, JSON). An upload belongs
// to the user who started it (others get 404), unfinished ones are limited per user and in total (429)
// and kept for resuming for VAT_TUS_KEEP_UNFINISHED_HOURS (services/uploads/tus-uploads.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { RoutePlugin } from '../../http/types';
import { DomainError, Unauthenticated } from '../../domain-errors';
import { STATUS_OF } from '../../http/error-status';
import { caller } from '../../http/identity';
import {
  checkUploadName,
  ingestTempFile,
  uploadFolders,
  type UploadContext,
} from '../../services/uploads/receive-upload';
import {
  checkRoomForUpload,
  requireOwnUpload,
  sweepAbandonedUploads,
  type UnfinishedLimits,
} from '../../services/uploads/tus-uploads';
import { toVideoDto } from '../../services/video-dto';
import { tusAnswers } from '../../../domain/contract/uploads';

export const TUS_PATH = '/api/v1/uploads/tus';
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The id of the caller the server recognised, for the tus hooks of the request it is handling. @tus/server
 *  builds its own Request from the raw request's headers as the client sent them, so no header can carry it. */
const uploader = new AsyncLocalStorage<string>();

/** A domain error as tus sends errors: a status and a body (our JSON `detail`). */
function tusError(e: unknown): never {
  if (e instanceof DomainError) throw { status_code: STATUS_OF[e.kind], body: JSON.stringify({ detail: e.detail }) };
  throw e;
}

function tusServer(ctx: UploadContext, store: FileStore, dir: string, limits: UnfinishedLimits): Server {
  return new Server({
    path: TUS_PATH,
    relativeLocation: true,
    datastore: store,
    maxSize: ctx.maxUploadBytes,
    onUploadCreate: async (_req: Request, upload: Upload) => {
      // the route has resolved and checked the caller (role 'user') and handles the request inside uploader.run
      const owner = uploader.getStore();
      try {
        if (!owner) throw new Unauthenticated('Sign in required');
        checkUploadName(upload.metadata?.filename ?? '');
        await checkRoomForUpload(store, owner, limits);
      } catch (e) {
        tusError(e);
      }
      // who started it is recorded now (over anything the client sent); the request that finishes it may come much later
      return { metadata: { ...upload.metadata, uploaded_by: owner } };
    },
    onUploadFinish: async (_req: Request, upload: Upload) => {
      const file = path.join(dir, upload.id);
      try {
        const row = await ingestTempFile(
          ctx,
          file,
          upload.metadata?.filename ?? '',
          upload.metadata?.uploaded_by ?? '',
        );
        return {
          status_code: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(toVideoDto(row)),
        };
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
  const limits: UnfinishedLimits = { perUser: config.tusUnfinished.perUser, total: config.tusUnfinished.total };
  const servers = new Map<string, { server: Server; store: FileStore }>();
  const tusDir = async () => path.join((await uploadFolders(ctx)).tempDir, 'tus');
  const serverNow = async () => {
    const dir = await tusDir();
    let s = servers.get(dir);
    if (!s) {
      await fsp.mkdir(dir, { recursive: true });
      const store = new FileStore({ directory: dir, expirationPeriodInMilliseconds: config.tusUnfinished.keepMs });
      s = { server: tusServer(ctx, store, dir, limits), store };
      servers.set(dir, s);
    }
    return s;
  };
  const sweepAll = () => {
    for (const s of servers.values())
      sweepAbandonedUploads(s.store).catch((e: Error) => app.log.warn(`tus sweep failed: ${e.message}`));
  };
  // at start-up (uploads abandoned before a restart; a folder that was never made holds none, and temp stays
  // empty until an upload needs it) and then on a timer
  void tusDir()
    .then(async (dir) => {
      if (
        await fsp.stat(dir).then(
          () => true,
          () => false,
        )
      )
        await serverNow();
      sweepAll();
    })
    .catch((e: Error) => app.log.warn(`tus folder unavailable: ${e.message}`));
  const sweep = setInterval(sweepAll, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.register(async (scope) => {
    // tus reads PATCH bodies itself, from the raw request
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    const handler = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const { server, store } = await serverNow();
      // an existing upload is its owner's alone (before tus reads or writes anything)
      const id = (req.params as { '*'?: string })['*'];
      if (id && req.method !== 'OPTIONS') await requireOwnUpload(store, id, caller(req).id);
      reply.hijack();
      await uploader.run(caller(req).id, () => server.handle(req.raw, reply.raw));
    };
    // tus writes the answers itself (the handler hijacks the reply): the schemas document them, nothing is serialised
    const user = { role: 'user' } as const;
    scope.route({
      method: 'OPTIONS',
      url: '/uploads/tus',
      config: user,
      schema: { response: tusAnswers.options },
      handler,
    });
    scope.route({
      method: 'PATCH',
      url: '/uploads/tus/*',
      config: user,
      schema: { response: tusAnswers.patch },
      handler,
    });
    scope.route({
      method: 'DELETE',
      url: '/uploads/tus/*',
      config: user,
      schema: { response: tusAnswers.delete },
      handler,
    });
    scope.route({
      method: 'OPTIONS',
      url: '/uploads/tus/*',
      config: user,
      schema: { response: tusAnswers.options },
      handler,
    });
    // Hidden: POST (201 + Location) and HEAD (200 + Upload-Offset) succeed with headers and no body, which the
    // zod OpenAPI transform cannot express; the other combinations only get tus's own refusals.
    scope.route({ method: ['POST', 'HEAD'], url: '/uploads/tus', config: user, schema: { hide: true }, handler });
    scope.route({ method: ['POST', 'HEAD'], url: '/uploads/tus/*', config: user, schema: { hide: true }, handler });
    scope.route({ method: ['PATCH', 'DELETE'], url: '/uploads/tus', config: user, schema: { hide: true }, handler });
  });
};
