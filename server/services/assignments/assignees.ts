// The assignees the library's filter offers: everyone with assigned live videos the viewer may see, and
// how many, ordered by id.
import type { Db } from '../../db/connect';
import { listAssignees } from '../../repositories/videos';
import { hiddenSourceRoles } from '../source-visibility';
import type { Identity } from '../../../domain/types';
import type { Assignee } from '../../../domain/contract/assignments';

export async function listVisibleAssignees(db: Db, viewer: Identity | null): Promise<Assignee[]> {
  return (await listAssignees(db, hiddenSourceRoles(viewer))).map((r) => ({
    id: r.id,
    name: r.name ?? r.id,
    count: r.count,
  }));
}
