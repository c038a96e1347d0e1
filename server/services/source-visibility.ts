// A source may be limited to a role: its videos are seen only by that role and the ones above it, in
// every list and lookup. Guests rank below annotators, so they see only sources open to all roles.
// This file is the one place that decides: lists, exports, batch processing and assignments pass
// hiddenSourceRoles(viewer) to their SQL, and by-id or by-name lookups ask isSourceHidden. The order
// of roles itself is domain/roles.ts.
import type { Identity } from '../../domain/types';
import { rolesAbove } from '../../domain/roles';

/** The source roles whose videos this viewer may not see. */
export function hiddenSourceRoles(viewer: Identity | null): string[] {
  return rolesAbove(viewer?.role);
}

/** Whether a source limited to `sourceRole` (null or '' = open to all) is hidden from this viewer. */
export function isSourceHidden(sourceRole: string | null | undefined, viewer: Identity | null): boolean {
  return !!sourceRole && hiddenSourceRoles(viewer).includes(sourceRole);
}
