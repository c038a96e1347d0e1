// POST /api/v1/annotations/{id}/import: multipart `file` (a COCO keypoints or PoseTrack 2018 JSON,
// MOTChallenge CSV or CVAT for video XML), `format`, `dry_run` and `confirm`; the file's tracks are added
// to the video as human-made tracks. A reviewed or labelled video answers 409 unless `confirm` is true.
import { caller } from '../../http/identity';
import { readMultipart } from '../../http/multipart';
import { json } from '../../http/contract';
import { importFields as fields, importResult } from '../../../domain/contract/annotations';
import { videoIdParams } from '../../../domain/contract/params';
import type { RoutePlugin } from '../../http/types';
import { Invalid } from '../../domain-errors';
import { importInterchange } from '../../services/formats/interchange';

/** Interchange files are text; a few hundred MB covers hours of 17-keypoint tracks. */
const MAX_FORMAT_FILE_BYTES = 256 * 1024 * 1024;

export const annotationImportRoutes: RoutePlugin = (app, { database, config }) => {
  app.post(
    '/annotations/:id/import',
    {
      config: { role: 'user' },
      schema: { params: videoIdParams, consumes: ['multipart/form-data'], response: json(importResult) },
    },
    async (req) => {
      const form = await readMultipart(req, { maxFileBytes: Math.min(config.maxUploadBytes, MAX_FORMAT_FILE_BYTES) });
      const parsed = fields.safeParse(form.fields);
      if (!parsed.success)
        throw new Invalid(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
      if (!form.file?.buffer) throw new Invalid('A file is required');
      return importInterchange(database, req.params.id, parsed.data.format, form.file.buffer, {
        dryRun: parsed.data.dry_run,
        confirm: parsed.data.confirm,
        who: caller(req),
      });
    },
  );
};
