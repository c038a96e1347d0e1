// Shared zod pieces of request schemas: ids, query booleans, repeated query parameters.
import { z } from 'zod';
import { validateUserId } from '../validation';
import { INT4_MAX } from './common';

/**
 * An integer sent as text (a path segment, a query value) from `min` to `max`: decimal digits only.
 * `Number()` would also take '0x10', ' 1', '1e3' and '-0'.
 */
export const intText = (min: number, max: number) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'must be a whole number in decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
/** A row id in a path: 1 to 2³¹−1 (an `integer` column). */
export const idText = intText(1, INT4_MAX);

export const videoIdParams = z.object({ id: idText });
/** A user id by the sign-in rule (trimmed; 3–64 letters, digits, . _ - @): one rule for every id the API takes. */
export const userIdSchema = z
  .string()
  .trim()
  .superRefine((id, ctx) => {
    const problem = validateUserId(id);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
/** Query booleans arrive as text. */
export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** A query parameter that may repeat (?status=a&status=b) arrives as a string or an array. */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<T>[]);

/** GET /videos/{id}/download: `playback=1` asks for a file the browser can play (a copy when the original is not). */
export const videoDownloadQuery = z.object({ playback: z.enum(['1']).optional() });
