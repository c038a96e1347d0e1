// The one order of roles: a guest (no role) below an annotator, below an admin, below a super user.
// Every "may this role do that" question on the server and in the browser asks atLeast.
import { ROLES, type Role } from './constants';

/** 0 for a guest or an unknown role, then 1, 2, 3 in the order of ROLES. */
function rank(role: string | null | undefined): number {
  return ROLES.indexOf(role as Role) + 1;
}

/** Whether `role` (null or undefined = a guest) is `min` or above it. */
export function atLeast(role: string | null | undefined, min: Role): boolean {
  return rank(role) >= rank(min);
}

/** The roles above `role`: what a source limited to one of them hides from it. */
export function rolesAbove(role: string | null | undefined): Role[] {
  return ROLES.filter((r) => !atLeast(role, r));
}
