// GET /annotations/{id}: the whole annotation set of spec part 1 §3 (person tracks with detections,
// action segments, relationships, video info).
import { notFound } from '../../http/errors';
import { videoIdParams } from '../../http/params';
import type { RoutePlugin } from '../../http/types';
import { buildAnnotationSet } from '../../services/annotation-set';

export const annotationReadRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/annotations/:id', { schema: { params: videoIdParams } }, async (req) => {
    const set = await buildAnnotationSet(db, req.params.id);
    if (!set) throw notFound(`Video ${req.params.id} not found`);
    return set;
  });
};
