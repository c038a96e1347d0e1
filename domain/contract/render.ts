// /api/v1/videos/{id}/render: the render status (the spec's {state, progress, artifact, key} plus the job
// phase, the last error and whether the artifact shows older annotations). The download is a file.
import { z } from 'zod';
import { int4, isoTime } from './common';

export const renderPhase = z.enum(['idle', 'queued', 'running', 'done', 'failed']);

export const renderArtifact = z
  .object({
    url: z.string(),
    width: z.number(),
    height: z.number(),
    frames: z.number(),
    fps: z.number(),
    duration: z.number(),
    size_bytes: z.number(),
    codec: z.string(),
    rendered_at: isoTime,
    annotation_version: int4().nullable(),
  })
  .meta({ id: 'RenderArtifact' });

export const renderStatus = z
  .object({
    /** idle: nothing rendered; queued: a render waits or runs; done: a rendered video exists. */
    state: z.enum(['idle', 'queued', 'done']),
    /** 0–100 while running, 100 when done. */
    progress: z.number(),
    artifact: renderArtifact.nullable(),
    key: z.string().nullable(),
    phase: renderPhase,
    error: z.string().nullable(),
    stale: z.boolean(),
    annotation_version: int4(),
  })
  .meta({ id: 'RenderStatus' });

export const renderDownloadQuery = z.object({
  k: z.string().regex(/^[0-9a-f]{32}$/, 'k must be the render key from the render status'),
  download: z.enum(['1']).optional(),
});

export type RenderPhase = z.infer<typeof renderPhase>;
export type RenderArtifact = z.infer<typeof renderArtifact>;
export type RenderStatus = z.infer<typeof renderStatus>;
