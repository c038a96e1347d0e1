// SQL of video assignment: the live videos a CSV names (by full path or file name) and the writes that
// set or clear who a video is assigned to.
import { and, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { videos } from '../db/schema';

export interface AssignableVideo {
  id: number;
  filename: string;
  path: string;
  sourceRoot: string;
  assignedToId: string | null;
  assignedToName: string | null;
}

const CHUNK = 1000;

/** Leaves out videos of sources limited to one of these roles (no condition when there are none). */
const visibleSources = (hidden: string[]) =>
  hidden.length ? sql`${videos.sourceRoot} not in (select root from sources where role in ${hidden})` : undefined;

/** Live videos (of sources not hidden) whose path is one of `paths` or whose file name is one of `names`. */
export async function findVideosByPathOrName(
  db: Db | Tx,
  paths: string[],
  names: string[],
  hiddenSourceRoles: string[],
): Promise<AssignableVideo[]> {
  const out = new Map<number, AssignableVideo>();
  const cols = {
    id: videos.id,
    filename: videos.filename,
    path: videos.path,
    sourceRoot: videos.sourceRoot,
    assignedToId: videos.assignedToId,
    assignedToName: videos.assignedToName,
  };
  for (let i = 0; i < Math.max(paths.length, names.length); i += CHUNK) {
    const p = paths.slice(i, i + CHUNK),
      n = names.slice(i, i + CHUNK);
    if (!p.length && !n.length) continue;
    const rows = await db
      .select(cols)
      .from(videos)
      .where(
        and(
          ne(videos.processingStatus, 'deleted'),
          visibleSources(hiddenSourceRoles),
          or(p.length ? inArray(videos.path, p) : undefined, n.length ? inArray(videos.filename, n) : undefined),
        ),
      );
    for (const r of rows) out.set(r.id, r);
  }
  return [...out.values()];
}

/** Sets (or with null clears) the assignee of the given videos; answers the ids that exist and are live. */
/** Sets the assignee of the live videos among `ids`, leaving out those of sources limited to a hidden role. */
export async function setAssignee(
  db: Db | Tx,
  ids: number[],
  who: { id: string; name: string } | null,
  hiddenSourceRoles: string[],
): Promise<number[]> {
  const visible = visibleSources(hiddenSourceRoles);
  const done: number[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .update(videos)
      .set({ assignedToId: who?.id ?? null, assignedToName: who?.name ?? null })

      .where(and(inArray(videos.id, ids.slice(i, i + CHUNK)), ne(videos.processingStatus, 'deleted'), visible))
      .returning({ id: videos.id });
    done.push(...rows.map((r) => r.id));
  }
  return done;
}
