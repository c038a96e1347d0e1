// /api/v1/settings/render: render/detection settings. Anyone may read them (the annotate screen reads
// default_view, the overlay and interpolation); they change how every video is processed and rendered,
// so saving needs an administrator.
import type { RoutePlugin } from '../../http/types';
import { getRenderSettings, saveRenderSettings } from '../../services/settings';
import { json } from '../../http/contract';
import { renderSettings } from '../../../domain/contract/settings';

export const renderSettingsRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/settings/render', { schema: { response: json(renderSettings) } }, async () => getRenderSettings(db));

  app.put('/settings/render', { config: { role: 'admin' }, schema: { body: renderSettings, response: json(renderSettings) } }, async (req) => {
    await saveRenderSettings(db, req.body);
    return getRenderSettings(db);
  });
};
