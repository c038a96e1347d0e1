// /api/v1/status: the server's health as the status bar shows it.
import { z } from 'zod';
import { isoTime } from './common';

export const serverStatus = z
  .object({
    status: z.literal('ok'),
    database_status: z.string().describe("'connected', or 'error: …' with what the database answered"),
    database_kind: z.enum(['pglite', 'postgres']),
    ai_models: z.object({
      device: z.string(),
      pose_model: z.string().describe('the model the next processing job runs'),
    }),
    time: isoTime,
  })
  .meta({ id: 'ServerStatus' });
export type ServerStatus = z.infer<typeof serverStatus>;
