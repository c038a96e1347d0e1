// The library's source list (what a viewer may see), and re-ingest of one named source (any signed-in user; the source must be online) or of every source
// (administrators only). Marking missing files deleted (delete_missing) needs an administrator either way:
// it hides every video of a folder that is unreachable or was moved. Only configured roots are ever scanned: the client names one, never a path.
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { Conflict, Forbidden, NotFound } from '../domain-errors';
import { findSource, listSources, type SourceRow } from '../repositories/sources';
import { ingestSource } from './ingest';
import type { MediaService } from '../media/media-service';
import { checkClientPath, isWithin } from './storage/safe-path';
import { isSourceHidden } from './source-visibility';
import type { Identity } from '../../domain/types';
import type { LibrarySource } from '../../domain/contract/sources';
import type { Role } from '../../domain/constants';
import { atLeast } from '../../domain/roles';

export interface SourceDeps {
  db: Db;
  media: MediaService;
  config: Config;
}

/** The configured source a client names, or NotFound; a relative path or one with `..` is refused (400). */
export async function requireSource(db: Db, named: string): Promise<SourceRow> {
  const src = await findSource(db, checkClientPath(named, 'root'));
  if (!src) throw new NotFound(`Unknown source: ${named}`);
  return src;
}

/**
 * A source root named as a list filter: 404 when it is a source hidden from the viewer, else the root as
 * given (a root that is no configured source simply matches what the library would list for it).
 */
export async function visibleRootFilter(db: Db, named: string, viewer: Identity | null): Promise<string> {
  const src = await findSource(db, named);
  if (src && isSourceHidden(src.role, viewer)) throw new NotFound(`Unknown source: ${named}`);
  return named;
}

/** requireSource for a viewer: a source limited to a role above theirs is as unknown as its videos are. */
export async function requireVisibleSource(db: Db, named: string, viewer: Identity | null): Promise<SourceRow> {
  const src = await requireSource(db, named);
  if (isSourceHidden(src.role, viewer)) throw new NotFound(`Unknown source: ${named}`);
  return src;
}

/**
 * Whether `folder` lies in, or holds, a source hidden from the viewer: a package import into it could
 * write over that source's videos, and its job names their files.
 */
export async function touchesHiddenSource(db: Db, folder: string, viewer: Identity): Promise<boolean> {
  return (await listSources(db)).some(
    (s) => isSourceHidden(s.role, viewer) && (isWithin(s.root, folder) || isWithin(folder, s.root)),
  );
}

export async function reingestOne(deps: SourceDeps, who: Identity, named: string, deleteMissing: boolean) {
  if (deleteMissing && !atLeast(who.role, 'admin'))
    throw new Forbidden('Administrator role required to mark missing files deleted (delete_missing)');
  const src = await requireVisibleSource(deps.db, named, who);
  if (!src.enabled) throw new Conflict('Source must be online before re-ingesting.');
  const r = await ingestSource(deps.db, deps.media, src.root, {
    deleteMissing,
    initiatedBy: who.id,
    parallelism: deps.config.ingestParallelism,
  }).catch((e: Error) => {
    throw new Conflict(`Re-ingest failed: ${e.message}`);
  });
  return {
    root: src.root,
    added: r.added,
    removed: r.removed,
    updated: r.updated,
    restored: r.restored,
    errors: r.errors,
    job_id: r.job_id,
  };
}

export async function reingestAll(
  deps: SourceDeps,
  who: Identity,
  opts: { deleteMissing: boolean; includeDisabled: boolean },
) {
  if (!atLeast(who.role, 'admin')) throw new Forbidden('Administrator role required');
  let added = 0,
    removed = 0;
  const results = [];
  for (const src of await listSources(deps.db)) {
    // a source limited to a role above the caller's is not theirs to scan (nor to see the errors of)
    if ((!src.enabled && !opts.includeDisabled) || isSourceHidden(src.role, who)) continue;
    try {
      const r = await ingestSource(deps.db, deps.media, src.root, {
        deleteMissing: opts.deleteMissing,
        initiatedBy: who.id,
        parallelism: deps.config.ingestParallelism,
      });
      added += r.added;
      removed += r.removed;
      results.push({ root: src.root, added: r.added, removed: r.removed, errors: r.errors, job_id: r.job_id });
    } catch (e) {
      results.push({ root: src.root, added: 0, removed: 0, errors: [(e as Error).message] });
    }
  }
  return { added, removed, sources: results };
}

/** The library's source list: a source limited to a role above the viewer's is left out, as its videos are. */
export async function listVisibleSources(db: Db, viewer: Identity | null): Promise<LibrarySource[]> {
  return (await listSources(db))
    .filter((s) => !isSourceHidden(s.role, viewer))
    .map((s) => ({
      root: s.root,
      label: s.label,
      role: s.role as Role | null,
      enabled: s.enabled,
      created_at: s.createdAt.toISOString(),
    }));
}
