// /api/v1/metrics/details (extension): the Metrics screen's live figures beyond the summary.
import type { RoutePlugin } from '../../http/types';
import { metricsDetails } from '../../services/metrics-details';
import { hiddenSourceRoles } from '../../services/source-visibility';
import { json } from '../../http/contract';
import { metricsDetails as metricsDetailsSchema } from '../../../domain/contract/metrics';

export const metricsDetailRoutes: RoutePlugin = (app, { database }) => {
  app.get('/metrics/details', { schema: { response: json(metricsDetailsSchema) } }, async (req) =>
    metricsDetails(database.sql, hiddenSourceRoles(req.identity)),
  );
};
