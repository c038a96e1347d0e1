// Who may use the Repository Manager: administrators and super users, as the server grants the role.
// The session reports annotator until the server has answered, so a signed-in user whose grant is not
// known yet is asked about once here instead of being shown the restricted text for a moment.
import { useEffect, useState } from 'react';
import { fetchMe } from '../../api/me';
import { useSession } from '../../session';
import { atLeast } from '../../../domain/roles';

export type Access = 'checking' | 'allowed' | 'restricted';

export function useAdminAccess(): Access {
  const { user, role } = useSession();
  const [checked, setChecked] = useState<{ id: string; admin: boolean } | null>(null);
  const needsCheck = user.signedIn && !atLeast(role, 'admin') && checked?.id !== user.id;
  useEffect(() => {
    if (!needsCheck) return;
    let live = true;
    fetchMe()
      .then((me) => {
        if (live) setChecked({ id: user.id, admin: me.signed_in && me.id === user.id && atLeast(me.role, 'admin') });
      })
      .catch(() => {
        if (live) setChecked({ id: user.id, admin: false });
      });
    return () => {
      live = false;
    };
  }, [needsCheck, user.id]);
  if (!user.signedIn) return 'restricted';
  if (atLeast(role, 'admin')) return 'allowed';
  if (checked?.id !== user.id) return 'checking';
  return checked.admin ? 'allowed' : 'restricted';
}
