// /api/v1/auth/*, /api/v1/me and /api/v1/me/*: how the server signs people in, who is signed in, a
// user's own password and API tokens, and (for super users) how an account signs in.
import { z } from 'zod';
import { ROLES } from '../constants';
import { count, isoTime, rowId } from './common';
import { idText, userIdSchema } from './params';

/** Longest password accepted (hashing cost stays bounded). */
export const MAX_PASSWORD_LENGTH = 1024;
const password = z.string().min(1).max(MAX_PASSWORD_LENGTH);
const linkToken = z.string().min(10).max(200);
const authMode = z.enum(['open', 'password', 'proxy']);

export const authConfig = z
  .object({
    mode: authMode,
    guest_access: z.enum(['read', 'none']),
    setup_required: z.boolean(),
    proxy_user_header: z.string().nullable(),
  })
  .meta({ id: 'AuthConfig' });
export type AuthConfig = z.infer<typeof authConfig>;

/** GET /me, and the answer of sign-in, setup and reset (with the session cookie). */
export const meAnswer = z
  .object({
    signed_in: z.boolean(),
    id: z.string().nullable(),
    name: z.string().nullable(),
    role: z.enum(ROLES).describe('the lowest role when nobody is signed in'),
    header_role: z.string().nullable().describe('the X-User-Role the request carried (open mode)'),
    auth_mode: authMode,
    must_change_password: z.boolean(),
    role_source: z.literal('server'),
  })
  .meta({ id: 'Me' });
export type MeAnswer = z.infer<typeof meAnswer>;

export const loginBody = z.object({ id: z.string().trim().min(1).max(200), password });
export const setupBody = z.object({
  token: linkToken,
  id: userIdSchema,
  name: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((n) => n || null),
  password,
});
export const resetBody = z.object({ token: linkToken, new_password: password });
export const changePasswordBody = z.object({ current_password: password, new_password: password });

export const apiToken = z
  .object({
    id: rowId,
    name: z.string(),
    created_at: isoTime,
    expires_at: isoTime.nullable(),
    last_used_at: isoTime.nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiToken>;
/** The creation answer: the only time the token itself is shown. */
export const newApiToken = z
  .object({ id: rowId, name: z.string(), token: z.string(), created_at: isoTime, expires_at: isoTime.nullable() })
  .meta({ id: 'NewApiToken' });
export type NewApiToken = z.infer<typeof newApiToken>;
export const createTokenBody = z.object({
  name: z.string().trim().min(1).max(100),
  expires_in_days: z.number().int().min(1).max(3650).nullish(),
});
export const tokenIdParams = z.object({ id: idText });

// The super user's view of one account's sign-in (/admin/users/{id}/…).
export const setUserPasswordBody = z.object({ password, must_change: z.boolean().default(false) });
export const resetLink = z.object({ url: z.string(), expires_at: isoTime }).meta({ id: 'ResetLink' });
export type ResetLink = z.infer<typeof resetLink>;
export const setDisabledBody = z.object({ disabled: z.boolean() });
export const userSession = z
  .object({
    id: z.string().describe('the session handle (not its secret)'),
    created_at: isoTime,
    last_seen_at: isoTime,
    expires_at: isoTime,
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .meta({ id: 'UserSession' });
export type UserSession = z.infer<typeof userSession>;
export const sessionParams = z.object({ id: userIdSchema, sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

/** GET /metrics/sign-in (administrators): password guessing, as the audit trail and this process's throttle see it. */
export const signInMetrics = z
  .object({
    failed_24h: count.describe('failed sign-ins and current-password checks of existing accounts, last 24 hours'),
    throttled_24h: count.describe(
      'times an account was guessed at past the free tries from one address, last 24 hours',
    ),
    failures: count.describe(
      'failed guesses this API process has counted since it started (unknown ids and links too)',
    ),
    refused: count.describe('guesses this API process refused with 429 since it started'),
    waiting: z
      .array(
        z.object({
          address: z.string(),
          account: z.string().nullable().describe('the existing account tried from there; null otherwise'),
          target: z
            .enum(['account', 'unknown account', 'many accounts'])
            .describe(
              'what the address guessed at: one existing account, one id that is no account (not shown: people type passwords there), or many',
            ),
          failures: count,
          retry_after_s: count,
        }),
      )
      .describe('who must wait now (at most 10, most failures first)'),
    hashing: z.object({
      running: count,
      waiting_sign_in: count,
      waiting_change: count,
    }),
  })
  .meta({ id: 'SignInMetrics' });
export type SignInMetrics = z.infer<typeof signInMetrics>;
