// PATCH /annotations/{id}/tracks/{trackId}/detections/{frame}: body {x1,y1,x2,y2}, {keypoints} and/or
// {keypoint_visibility} (17 × 2 visible, 1 occluded, 0 absent; null clears it), fractions of the frame, plus the `version` it was based on when the frame has a stored row (428
// without, 409 when stale). Extension: DELETE of the same path ?version= removes a stored row (undo of an upsert).
import type { RoutePlugin } from '../../http/types';
import { caller } from '../../http/identity';
import { json } from '../../http/contract';
import { deleteDetection, patchDetection } from '../../services/annotation-edits/detections';
import type { Keypoint } from '../../../domain/types';
import {
  detectionDeleted,
  detectionParams as params,
  detectionPatchBody as body,
  detectionWritten,
  versionQuery as deleteQuery,
} from '../../../domain/contract/annotation-edits';

export const detectionRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.patch(
    '/annotations/:id/tracks/:trackId/detections/:frame',
    { config: { role: 'user' }, schema: { params, body, response: json(detectionWritten) } },
    async (req) => {
      const who = caller(req);
      // the box rules (whole, corners in order, something to write) are the contract's: checked before this runs
      const { version, keypoint_visibility: keypointVisibility, ...rest } = req.body;
      return patchDetection(
        db,
        req.params.id,
        req.params.trackId,
        req.params.frame,
        { ...rest, keypoints: rest.keypoints as Keypoint[] | undefined, keypointVisibility },
        version,
        who,
      );
    },
  );

  app.delete(
    '/annotations/:id/tracks/:trackId/detections/:frame',
    { config: { role: 'user' }, schema: { params, querystring: deleteQuery, response: json(detectionDeleted) } },
    async (req) => {
      const { id, trackId, frame } = req.params;
      return {
        deleted: true as const,
        ...(await deleteDetection(db, id, trackId, frame, req.query.version, caller(req))),
      };
    },
  );
};
