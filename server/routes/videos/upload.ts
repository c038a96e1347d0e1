// POST /api/v1/videos/upload: one video per request, multipart field `file` (signed-in users).
// Answers 201 with the new video as GET /videos/{id} shows it.
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { video } from '../../../domain/contract/videos';
import { caller } from '../../http/identity';
import { lingerOnClose } from '../../http/lingering-close';
import { Invalid, TooLarge } from '../../domain-errors';
import { receiveUpload, uploadLimitText } from '../../services/uploads/receive-upload';
import { toVideoDto } from '../../services/video-dto';

/** Room for the multipart boundaries and part headers around the file in a request's Content-Length. */
const MULTIPART_OVERHEAD = 64 * 1024;
const NOT_MULTIPART = 'Send the video as multipart/form-data in the field "file"';

export const videoUploadRoutes: RoutePlugin = (app, { database: { db }, media, config }) => {
  const limitDetail = uploadLimitText(config.maxUploadBytes);
  app.post(
    '/videos/upload',
    {
      config: { role: 'user' },
      schema: { consumes: ['multipart/form-data'], response: json(video, 201) },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new Invalid(NOT_MULTIPART);
      // A too-large answer closes the connection: the client stops sending the rest of a body nobody
      // reads. The close lingers briefly so that the answer reaches a client still sending.
      const refuse = (detail: string) => {
        lingerOnClose(req.raw);
        return reply.header('connection', 'close').status(413).send({ detail });
      };
      if (Number(req.headers['content-length']) > config.maxUploadBytes + MULTIPART_OVERHEAD)
        return refuse(limitDetail);
      const part = await req.file();
      if (!part) throw new Invalid(NOT_MULTIPART);
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new Invalid(`Unexpected field "${part.fieldname}": ${NOT_MULTIPART}`);
      }
      try {
        const row = await receiveUpload(
          { db, media, dataDir: config.dataDir, maxUploadBytes: config.maxUploadBytes },
          part,
          caller(req).id,
        );
        return reply.status(201).send(toVideoDto(row));
      } catch (e) {
        if (e instanceof TooLarge) return refuse(e.detail);
        throw e;
      }
    },
  );
};
