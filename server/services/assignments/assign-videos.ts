// Assigning chosen videos to one user (or unassigning them) from the library: the assignee must be a
// user the server knows, and the name shown is the one in the users table.
import type { Db } from '../../db/connect';
import { Unprocessable } from '../../domain-errors';
import { setAssignee } from '../../repositories/assignments';
import { findUser } from '../../repositories/users';
import { hiddenSourceRoles } from '../source-visibility';
import type { Identity } from '../../../domain/types';

export interface AssignResult {
  updated: number[];
  assigned_to_id: string | null;
  assigned_to_name: string | null;
}

/** Videos of a source hidden from the caller are left out, like deleted or unknown ids. */
export async function assignVideos(
  db: Db,
  caller: Identity,
  videoIds: number[],
  assigneeId: string | null,
): Promise<AssignResult> {
  let who: { id: string; name: string } | null = null;
  if (assigneeId !== null) {
    const user = await findUser(db, assigneeId);
    if (!user) throw new Unprocessable(`Unknown user: ${assigneeId}`);
    who = { id: user.id, name: user.name || user.id };
  }
  const updated = await db.transaction((tx) => setAssignee(tx, [...new Set(videoIds)], who, hiddenSourceRoles(caller)));
  return {
    updated: updated.sort((a, b) => a - b),
    assigned_to_id: who?.id ?? null,
    assigned_to_name: who?.name ?? null,
  };
}
