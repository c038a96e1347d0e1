// GET /api/v1/annotations/{id}/export: the annotation set as a JSON attachment. The annotate screen adds
// user_id and user_name; they are recorded in the file as who exported it. With ?format=coco-keypoints|
// posetrack18|mot|cvat-video the tracks are sent in that interchange format instead.
import { videoIdParams } from '../../../domain/contract/params';
import { annotationExport, exportQuery, type AnnotationExport } from '../../../domain/contract/annotations';
import { binary } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { buildAnnotationSet } from '../../services/annotation-set';
import { requestVideo } from '../../http/request-video';
import { contentDisposition } from '../videos/download';
import { exportInterchange } from '../../services/formats/interchange';

/** An attachment: the annotation set as JSON (formatted, so it is written as text), or an interchange file. */
const exportAnswer = binary(
  ['application/json', 'text/csv', 'application/xml'],
  'The annotation set as a JSON attachment (schema AnnotationExport), or with ?format= that interchange file',
);
exportAnswer[200].content['application/json'] = { schema: annotationExport };

export const annotationExportRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get(
    '/annotations/:id/export',
    { schema: { params: videoIdParams, querystring: exportQuery, response: exportAnswer } },
    async (req, reply) => {
      const v = requestVideo(req);
      if (req.query.format) {
        const file = await exportInterchange(db, v, req.query.format);
        return reply
          .type(file.contentType)
          .header('content-disposition', contentDisposition('attachment', file.filename))
          .send(file.body);
      }
      const set = await buildAnnotationSet(db, v);
      const exportedBy = req.query.user_id ?? req.identity?.id ?? null;
      const body: AnnotationExport = {
        ...set,
        status: v.processingStatus,
        exported_at: new Date().toISOString(),
        exported_by: exportedBy ? { id: exportedBy, name: req.query.user_name ?? req.identity?.name ?? null } : null,
      };
      const base = v.filename.replace(/\.[^.]+$/, '');
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${base}_annotations.json`))
        .send(JSON.stringify(body, null, 2));
    },
  );
};
