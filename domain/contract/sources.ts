// /api/v1/sources: the library's source folders, and re-ingest of one source or of all of them.
import { z } from 'zod';
import { ROLES } from '../constants';
import { count, isoTime, rowId } from './common';
import { queryBool } from './params';

export const librarySource = z
  .object({
    root: z.string(),
    label: z.string(),
    role: z.enum(ROLES).nullable().describe('the lowest role that sees the source; null for everyone'),
    enabled: z.boolean(),
    created_at: isoTime,
  })
  .meta({ id: 'Source' });
export type LibrarySource = z.infer<typeof librarySource>;

export const reingestQuery = z.object({
  root: z.string().min(1).max(4096).optional(),
  delete_missing: queryBool.default(false),
  include_disabled: queryBool.default(false),
});

/** Re-ingest of one source (`?root=`). */
export const reingestResult = z
  .object({
    root: z.string(),
    added: count,
    removed: count,
    updated: count,
    restored: count,
    errors: z.array(z.string()),
    job_id: rowId,
  })
  .meta({ id: 'ReingestResult' });
export type ReingestResult = z.infer<typeof reingestResult>;

/** Re-ingest of every source (administrators): one entry per source, a failed one with its error and no job. */
export const reingestAllResult = z
  .object({
    added: count,
    removed: count,
    sources: z.array(
      z.object({
        root: z.string(),
        added: count,
        removed: count,
        errors: z.array(z.string()),
        job_id: rowId.optional(),
      }),
    ),
  })
  .meta({ id: 'ReingestAllResult' });
export type ReingestAllResult = z.infer<typeof reingestAllResult>;
