// GET /annotations/{id}: the whole annotation set (person tracks with detections,
// action segments, relationships, video info).
import { videoIdParams } from '../../../domain/contract/params';
import { json } from '../../http/contract';
import type { RoutePlugin } from '../../http/types';
import { annotationSet } from '../../../domain/contract/annotations';
import { buildAnnotationSet } from '../../services/annotation-set';
import { requestVideo } from '../../http/request-video';

export const annotationReadRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/annotations/:id', { schema: { params: videoIdParams, response: json(annotationSet) } }, async (req) => {
    return buildAnnotationSet(db, requestVideo(req));
  });
};
