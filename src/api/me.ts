// The identity the server recognises: in open mode for the stored user (its role comes from the server's
// users table, whatever role the user picked); in password and proxy modes from the session cookie or
// the proxy. Also the signed-in user's password and personal API tokens.
import type { Role } from '../../domain/constants';
import { parseServerIdentity, type ServerIdentity } from '../../domain/auth';
import type { ApiToken, MeAnswer, NewApiToken } from '../../domain/contract/auth';
import { request } from './request';

export type { ApiToken, MeAnswer, NewApiToken };

export const fetchMe = () => request<MeAnswer>('/api/v1/me');

/** The /me answer as the session machine reads it (password and proxy modes). */
export const fetchServerIdentity = async (): Promise<ServerIdentity> => parseServerIdentity(await fetchMe());

/** The role granted to `id`; fails when the server answers for someone else (storage changed meanwhile). */
export async function fetchGrantedRole(id: string): Promise<Role> {
  const me = await fetchMe();
  if (!me.signed_in || me.id !== id) throw new Error('The server did not recognise this sign-in');
  return me.role;
}

/** Changes the signed-in user's password; the server ends their other sessions. */
export const changePassword = (current_password: string, new_password: string) =>
  request<void>('/api/v1/me/password', {
    method: 'PUT',
    json: { current_password, new_password },
    fallback: 'Could not change the password',
  });

export const listTokens = () =>
  request<ApiToken[]>('/api/v1/me/tokens', { fallback: 'Could not load your API tokens' });
export const createToken = (name: string, expiresInDays?: number) =>
  request<NewApiToken>('/api/v1/me/tokens', {
    method: 'POST',
    json: expiresInDays ? { name, expires_in_days: expiresInDays } : { name },
    fallback: 'Could not create the token',
  });
export const revokeToken = (id: number) =>
  request<void>(`/api/v1/me/tokens/${id}`, { method: 'DELETE', fallback: 'Could not revoke the token' });
