// A source may be limited to a role: its videos are seen only by that role and the ones above it, in
// every list and lookup. Guests rank below annotators, so they see only sources open to all roles.
// This file is the one place that decides: lists, exports, batch processing and assignments pass
// hiddenSourceRoles(viewer) to their SQL, and by-id or by-name lookups ask isSourceHidden.
import type { Identity } from '../../domain/types';

const RANK: Record<string, number> = { annotator: 1, admin: 2, super: 3 };

/** The source roles whose videos this viewer may not see. */
export function hiddenSourceRoles(viewer: Identity | null): string[] {
  const mine = viewer ? (RANK[viewer.role] ?? 0) : 0;
  return Object.keys(RANK).filter((role) => RANK[role] > mine);
}

/** Whether a source limited to `sourceRole` (null or '' = open to all) is hidden from this viewer. */
export function isSourceHidden(sourceRole: string | null | undefined, viewer: Identity | null): boolean {
  return !!sourceRole && hiddenSourceRoles(viewer).includes(sourceRole);
}
