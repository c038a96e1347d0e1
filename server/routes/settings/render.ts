// /api/v1/settings/render: render/detection settings. Anyone may read them (the annotate screen reads
// default_view, the overlay and interpolation); they change how every video is processed and rendered,
// so saving needs an administrator.
import type { RoutePlugin } from '../../http/types';
import { getVideoSettings, saveVideoSettings } from '../../services/settings';
import { json } from '../../http/contract';
import { videoSettings } from '../../../domain/contract/settings';

export const videoSettingsRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/settings/render', { schema: { response: json(videoSettings) } }, async () => getVideoSettings(db));

  app.put(
    '/settings/render',
    { config: { role: 'admin' }, schema: { body: videoSettings, response: json(videoSettings) } },
    async (req) => {
      await saveVideoSettings(db, req.body);
      return getVideoSettings(db);
    },
  );
};
