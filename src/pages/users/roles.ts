// What each role may do, in the words shown beside the role selects.
import type { Role } from '../../../domain/constants';

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  annotator: 'Can view and annotate videos, create annotations, and review work',
  admin: 'Can manage sources, assignments, repository, and view all users',
  super: 'Full system access including user management and all admin privileges',
};

export const ROLE_TOOLTIP = (Object.keys(ROLE_DESCRIPTIONS) as Role[])
  .map((r) => `${r}: ${ROLE_DESCRIPTIONS[r]}`)
  .join('\n');

export const fieldClass =
  'rounded border border-slate-300 bg-white px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:bg-slate-100 disabled:text-slate-500';
