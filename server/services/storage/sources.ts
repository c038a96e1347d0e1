// The Repository Manager's source folders: list with per-status stats, the path check, add, edit and
// remove. A source limited to a role above the caller's is as unknown to them as its videos are: not
// listed, not named by the path check, and not changed or removed (404). Adding an enabled source starts its first scan at once (a `scan` job), and so do enabling one
// and moving one's root (enabled or not): the scan restores videos a scan of the old root found missing.
import type { Db } from '../../db/connect';
import { Conflict, Invalid, NotFound } from '../../domain-errors';
import {
  countVideosBySourceAndStatus,
  deleteSourceAndVideos,
  findSource,
  insertSource,
  listSources,
  updateSource,
  type SourceRow,
} from '../../repositories/sources';
import { isIngestRunning } from '../../repositories/ingest';
import { countProcessedBySource } from '../../repositories/package-export';
import { beginIngest, runIngest } from '../ingest';
import type { MediaService } from '../../media/media-service';
import { checkClientPath, folderFacts, isWithin, realOrSame, type FolderFacts } from './safe-path';
import { isSourceHidden } from '../source-visibility';
import type { Identity } from '../../../domain/types';
import type { StorageSource } from '../../../domain/contract/storage';

export const STAT_KEYS = ['pending', 'processing', 'completed', 'reviewed', 'labelled'] as const;
/** `processed` counts the videos that make a source exportable (domain/processed-videos.ts). */
export type SourceStats = Record<'total' | 'processed' | (typeof STAT_KEYS)[number], number>;

export const sourceDto = (s: SourceRow, stats: SourceStats): StorageSource => ({
  root: s.root,
  label: s.label,
  role: (s.role ?? '') as StorageSource['role'],
  enabled: s.enabled,
  created_at: s.createdAt.toISOString(),
  stats,
});

async function allSourcesWithStats(db: Db) {
  const [rows, counts, processed] = await Promise.all([
    listSources(db),
    countVideosBySourceAndStatus(db),
    countProcessedBySource(db),
  ]);
  const statsOf = (root: string): SourceStats => {
    const mine = counts.filter((c) => c.root === root && c.status !== 'deleted');
    const n = (st: string) => mine.find((c) => c.status === st)?.n ?? 0;
    return {
      total: mine.reduce((a, c) => a + c.n, 0),
      ...Object.fromEntries(STAT_KEYS.map((k) => [k, n(k)])),
      processed: processed.get(root) ?? 0,
    } as SourceStats;
  };
  return rows.map((s) => sourceDto(s, statsOf(s.root)));
}

/** The sources this viewer's role may see, with their counts. */
export const listSourcesWithStats = async (db: Db, viewer: Identity) =>
  (await allSourcesWithStats(db)).filter((s) => !isSourceHidden(s.role, viewer));

export interface SourceValidation extends FolderFacts {
  normalized_root: string;
  conflict: boolean;
  /** The rule a conflict breaks, in the form's words; null without a conflict. */
  conflict_message: string | null;
  conflict_with: string | null;
}

/**
 * The path check: where the root really is, what it is, and whether another source already covers it.
 * A conflict with a source hidden from the viewer is reported without naming that source's root.
 */
export async function validateSourceRoot(
  db: Db,
  viewer: Identity,
  rawRoot: string,
  originalRoot?: string,
): Promise<SourceValidation> {
  if (!rawRoot.trim()) throw new Invalid('Root path is required');
  const root = await realOrSame(checkClientPath(rawRoot, 'root'));
  const others = (await listSources(db)).filter((s) => s.root !== originalRoot);
  let conflict_message: string | null = null,
    conflict_with: string | null = null;
  for (const s of others) {
    const other = await realOrSame(s.root);
    const named = isSourceHidden(s.role, viewer) ? null : s.root;
    if (other.toLowerCase() === root.toLowerCase() || s.root.toLowerCase() === root.toLowerCase()) {
      conflict_message = 'Another source already uses this path';
      conflict_with = named;
      break;
    }
    if (isWithin(other, root) || isWithin(root, other)) {
      conflict_message = 'Conflicts with an existing source path';
      conflict_with = named;
    }
  }
  return {
    normalized_root: root,
    ...(await folderFacts(root)),
    conflict: conflict_message !== null,
    conflict_message,
    conflict_with,
  };
}

export interface SourceInput {
  root: string;
  label: string;
  role?: string;
  enabled: boolean;
}
export interface SourceDeps {
  db: Db;
  media: MediaService;
  parallelism: number;
  log?: (msg: string) => void;
}

async function checkedValues(db: Db, who: Identity, input: SourceInput, originalRoot?: string) {
  const v = await validateSourceRoot(db, who, input.root, originalRoot);
  if (v.conflict) throw new Conflict(v.conflict_message!);
  if (!v.is_dir) throw new Invalid(`Root path is not an existing folder: ${v.normalized_root}`);
  return { root: v.normalized_root, label: input.label, role: input.role || null, enabled: input.enabled };
}

async function scanInBackground(deps: SourceDeps, root: string, who: Identity) {
  // The answer does not wait for the scan: a large folder takes minutes. It waits for the scan job's
  // rows, so Job History and the activity indicator list the scan as soon as the answer arrives.
  const opts = { jobType: 'scan' as const, initiatedBy: who.id, parallelism: deps.parallelism };
  const job = await beginIngest(deps.db, root, opts);
  void runIngest(deps.db, deps.media, job, opts).catch((e: Error) =>
    deps.log?.(`scan of ${root} failed: ${e.message}`),
  );
}

const emptyStats = (): SourceStats => ({
  total: 0,
  pending: 0,
  processing: 0,
  completed: 0,
  reviewed: 0,
  labelled: 0,
  processed: 0,
});

export async function addSource(deps: SourceDeps, who: Identity, input: SourceInput) {
  const row = await insertSource(deps.db, await checkedValues(deps.db, who, input));
  if (row.enabled) await scanInBackground(deps, row.root, who);
  return sourceDto(row, emptyStats());
}

export async function editSource(deps: SourceDeps, who: Identity, originalRaw: string, input: SourceInput) {
  const original = checkClientPath(originalRaw, 'original_root');
  checkClientPath(input.root, 'root');
  const before = await findSource(deps.db, original);
  if (!before || isSourceHidden(before.role, who)) throw new NotFound(`Unknown source: ${original}`);
  const row = await updateSource(deps.db, original, await checkedValues(deps.db, who, input, original));
  if (!row) throw new NotFound(`Unknown source: ${original}`);
  if ((row.enabled && !before.enabled) || row.root !== before.root) await scanInBackground(deps, row.root, who);
  // the answer shows what was saved, even a role above the caller's that hides the source from them now
  return (await allSourcesWithStats(deps.db)).find((s) => s.root === row.root)!;
}

/**
 * Removes a disabled source and its videos' rows with their annotations. The video files are the
 * user's own collection and stay on disk, so `files_removed` is always 0.
 */
export async function removeSource(db: Db, who: Identity, rawRoot: string) {
  const root = checkClientPath(rawRoot, 'root');
  const src = await findSource(db, root);
  if (!src || isSourceHidden(src.role, who)) throw new NotFound(`Unknown source: ${root}`);
  if (src.enabled) throw new Conflict('Disable the source before removing it.');
  // A scan still running would write rows for the removed source after it is gone.
  if (await isIngestRunning(db, src.root))
    throw new Conflict('A scan of this source is still running: remove it once the scan has finished.');
  const dbDeleted = await deleteSourceAndVideos(db, src.root);
  return { root: src.root, summary: { db_deleted: dbDeleted, files_removed: 0 } };
}
