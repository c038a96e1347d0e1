// The pieces every resource's contract shares: the error body, timestamps and ids as they travel.
// Server routes declare these schemas (requests validated, responses serialised through them); the
// browser's API modules take their types from them with `z.infer`, type-only, so no zod reaches the
// bundle; the OpenAPI document at /api/v1/openapi.json is generated from them.
import { z } from 'zod';

/** Every 4xx/5xx answer: `{"detail": "..."}`. Some errors add fields (a conflict's current version),
 *  so extra keys pass through. */
export const errorBody = z.looseObject({ detail: z.string() }).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

/** An ISO-8601 timestamp as the server writes it (`Date.toISOString()`). */
export const isoTime = z.string().describe('ISO-8601 timestamp');

/** A database id as the wire carries it. */
export const rowId = z.number().int().min(0);
