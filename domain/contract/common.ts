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

/** The largest value of PostgreSQL's `integer` (and `serial`): video ids, track ids, frames, versions. */
export const INT4_MAX = 2_147_483_647;
/** A value of an `integer` column, from `min` (0 unless said): past INT4_MAX the database would refuse it. */
export const int4 = (min = 0) => z.number().int().min(min).max(INT4_MAX);
/** A count, a sum or a `bigint` column (bytes, `bigserial` ids): a whole number JavaScript holds exactly. */
export const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A database id as the wire carries it (`serial` or `bigserial`). */
export const rowId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
