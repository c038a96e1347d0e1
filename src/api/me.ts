// The identity the server recognises for the stored user: its role comes from the server's users
// table, whatever role the user picked when signing in.
import type { Role } from '../../domain/constants';
import { request } from './request';

export interface MeAnswer { signed_in: boolean; id: string | null; name: string | null; role: Role; header_role: string | null }

export const fetchMe = () => request<MeAnswer>('/api/v1/me');

/** The role granted to `id`; fails when the server answers for someone else (storage changed meanwhile). */
export async function fetchGrantedRole(id: string): Promise<Role> {
  const me = await fetchMe();
  if (!me.signed_in || me.id !== id) throw new Error('The server did not recognise this sign-in');
  return me.role;
}
