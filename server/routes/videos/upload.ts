// POST /api/v1/videos/upload: one video per request, multipart field `file` (signed-in users).
// Answers 201 with the new video as GET /videos/{id} shows it.
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { Invalid } from '../../domain-errors';
import { receiveUpload } from '../../services/uploads/receive-upload';
import { toVideoDto } from '../../services/video-dto';

const NOT_MULTIPART = 'Send the video as multipart/form-data in the field "file"';

export const videoUploadRoutes: RoutePlugin = (app, { database: { db }, media, config }) => {
  app.post('/videos/upload', { config: { role: 'user' } }, async (req, reply) => {
    if (!req.isMultipart()) throw new Invalid(NOT_MULTIPART);
    const part = await req.file();
    if (!part) throw new Invalid(NOT_MULTIPART);
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw new Invalid(`Unexpected field "${part.fieldname}": ${NOT_MULTIPART}`);
    }
    const row = await receiveUpload({ db, media, dataDir: config.dataDir, maxUploadBytes: config.maxUploadBytes }, part, caller(req).id);
    return reply.status(201).send(toVideoDto(row));
  });
};
