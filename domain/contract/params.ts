// Shared zod pieces of request schemas: ids, query booleans, repeated query parameters.
import { z } from 'zod';
import { validateUserId } from '../validation';

export const videoIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
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
