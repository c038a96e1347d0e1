// Sign-in with the server: the mode it uses, password sign-in and sign-out, and the one-time
// links for the first administrator and for a password reset. Errors carry the server's `detail`.
import { parseAuthConfig, parseServerIdentity, type AuthConfig, type ServerIdentity } from '../../domain/auth';
import type { MeAnswer } from '../../domain/contract/auth';
import { ApiError, request } from './request';

export const fetchAuthConfig = async (): Promise<AuthConfig> =>
  parseAuthConfig(await request<AuthConfig>('/api/v1/auth/config'));

export async function login(id: string, password: string): Promise<ServerIdentity> {
  try {
    return parseServerIdentity(
      await request<MeAnswer>('/api/v1/auth/login', {
        method: 'POST',
        json: { id, password },
        fallback: 'Wrong user ID or password',
      }),
    );
  } catch (e) {
    // A throttled sign-in without the server's words still says when to try again.
    if (e instanceof ApiError && e.status === 429 && /^HTTP 429$/.test(e.message))
      throw new ApiError(429, 'Too many sign-in attempts. Wait a little and try again.');
    throw e;
  }
}

export const logout = () =>
  request<void>('/api/v1/auth/logout', { method: 'POST', fallback: 'Could not sign out. Try again.' });

/** Creates the first administrator from the setup link's token; the answer comes with the session cookie. */
export const setupFirstAdmin = async (body: { token: string; id: string; name: string; password: string }) =>
  parseServerIdentity(
    await request<MeAnswer>('/api/v1/auth/setup', {
      method: 'POST',
      json: body,
      fallback: 'Could not create the administrator',
    }),
  );

/** Sets a new password from a reset link's token; the answer comes with the session cookie. */
export const resetPassword = async (body: { token: string; new_password: string }) =>
  parseServerIdentity(
    await request<MeAnswer>('/api/v1/auth/reset', {
      method: 'POST',
      json: body,
      fallback: 'Could not set the password',
    }),
  );
