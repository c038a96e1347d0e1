// /api/v1/settings/render: render/detection settings. Anyone may read them (the
// annotate screen reads default_view and interpolation); saving needs a signed-in user.
import { z } from 'zod';
import type { RoutePlugin } from '../../http/types';
import { getRenderSettings, saveRenderSettings } from '../../services/settings';

export const renderSettingsSchema = z.object({
  auto_render_on_completed: z.boolean(),
  auto_render_on_reviewed: z.boolean(),
  render_preset: z.enum(['veryfast', 'fast', 'medium']),
  render_crf: z.number().int().min(0).max(51),
  render_codec: z.enum(['auto', 'x264', 'nvenc']),
  render_max_res: z.enum(['original', '720p']),
  tracker_name: z.enum(['auto', 'botsort', 'bytetrack']),
  yolo_imgsz: z.number().int().min(160).max(4096),
  pipeline_frame_stride: z.number().int().min(1).max(1000),
  overlay: z.object({ boxes: z.boolean(), skeletons: z.boolean(), keypoints: z.boolean(), labels: z.boolean() }),
  realtime: z.object({ mode: z.string().min(1).max(40), interpolation: z.boolean() }),
  default_view: z.enum(['annotated', 'live']),
});

export const renderSettingsRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/settings/render', async () => getRenderSettings(db));

  app.put('/settings/render', { config: { role: 'user' }, schema: { body: renderSettingsSchema } }, async (req) => {
    await saveRenderSettings(db, req.body);
    return getRenderSettings(db);
  });
};
