// SQL of the library's list and its filters. The filter conditions live here once so the list and
// Prev/Next neighbours always walk the same rows in the same order (id ascending).
// The database builds the JSON array itself (json_agg), so a 1,000-row page crosses the driver as one
// text value and is sent as-is: no per-row decoding, mapping or re-encoding in Node. Column names and
// formats match toVideoDto.
import type { SqlRunner } from '../db/connect';
import type { VideoStatus } from '../../domain/constants';

/** The library's filters ('deleted' may be asked for but is never listed). */
export interface VideoFilter {
  status?: VideoStatus[];
  source_root?: string;
  q?: string;
  assignee?: string;
  unassigned_only?: boolean;
  /** Set by the server from the viewer's role, never by the client: videos of sources with these roles are left out. */
  hidden_source_roles?: string[];
}

export interface VideoPage {
  limit: number;
  skip: number;
  afterId?: number;
}

const COLUMNS = `id, filename, path, rel_path, source_root, size_bytes, duration, width, height, fps,
  fps_num || '/' || fps_den as fps_rational, total_frames, processing_status, previous_status,
  to_char(ai_processed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ai_processed_at,
  to_char(status_updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as status_updated_at,
  assigned_to_id, assigned_to_name, last_status_by_id,
  to_char(last_status_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_status_changed_at,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, open_issues`;

/** Escapes LIKE wildcards so the search text is matched literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type Param = (v: unknown) => string;

/** SQL conditions of every filter except status (callers place that, see buildVideoListSql). */
function filterConditions(f: VideoFilter, p: Param): string[] {
  const where = [`processing_status <> 'deleted'`];
  if (f.hidden_source_roles?.length)
    where.push(`source_root not in (select root from sources where role = any(${p(f.hidden_source_roles)}::text[]))`);
  if (f.source_root) where.push(`source_root = ${p(f.source_root)}`);
  const q = f.q?.trim();
  if (q) {
    const pat = p(`%${likeEscape(q)}%`);
    where.push(`(filename ilike ${pat} or path ilike ${pat})`);
  }
  if (f.unassigned_only) where.push('assigned_to_id is null');
  else if (f.assignee) where.push(`assigned_to_id = ${p(f.assignee)}`);
  return where;
}

function paramList(): { values: unknown[]; p: Param } {
  const values: unknown[] = [];
  return {
    values,
    p: (v) => {
      values.push(v);
      return `$${values.length}`;
    },
  };
}

export function buildVideoListSql(f: VideoFilter, page: VideoPage): { text: string; values: unknown[] } {
  const { values, p } = paramList();
  const where = filterConditions(f, p);
  // Keyset paging (extension): with after_id the page starts after that id and skip is not needed, so
  // page 100 costs the same as page 1 instead of scanning 99,000 rows.
  if (page.afterId !== undefined) where.push(`id > ${p(page.afterId)}`);
  const limit = p(page.limit);
  const offset = p(page.afterId !== undefined ? 0 : page.skip);
  const statuses = [...new Set(f.status ?? [])];
  let from: string;
  if (statuses.length > 1) {
    // Several statuses: one (status, id)-index range per status, each cut at offset+limit, merged by
    // id. Reads at most statuses × (offset+limit) rows instead of every matching row before sorting.
    const cap = `(${limit}::int + ${offset}::int)`;
    from = `(${statuses.map((st) => `(select * from videos where ${[...where, `processing_status = ${p(st)}`].join(' and ')} order by id limit ${cap})`).join(' union all ')}) v`;
  } else {
    if (statuses.length === 1) where.push(`processing_status = ${p(statuses[0])}`);
    from = `videos where ${where.join(' and ')}`;
  }
  const text = `select coalesce(json_agg(t), '[]')::text as json from (
    select ${COLUMNS} from ${from} order by id limit ${limit} offset ${offset}) t`;
  return { text, values };
}

export async function listVideosJson(sql: SqlRunner, f: VideoFilter, page: VideoPage): Promise<string> {
  const { text, values } = buildVideoListSql(f, page);
  const { rows } = await sql.query<{ json: string }>(text, values);
  return rows[0]?.json ?? '[]';
}

/** The ids before and after `id` in the filtered library order (null at either end). */
export async function neighborIds(
  sql: SqlRunner,
  id: number,
  f: VideoFilter,
): Promise<{ prev_id: number | null; next_id: number | null }> {
  const { values, p } = paramList();
  const where = filterConditions(f, p);
  if (f.status?.length) where.push(`processing_status = any(${p(f.status)}::text[])`);
  const self = p(id);
  const cond = where.join(' and ');
  const { rows } = await sql.query<{ prev_id: number | null; next_id: number | null }>(
    `select (select id from videos where ${cond} and id < ${self} order by id desc limit 1) as prev_id,
            (select id from videos where ${cond} and id > ${self} order by id asc limit 1) as next_id`,
    values,
  );
  return { prev_id: rows[0]?.prev_id ?? null, next_id: rows[0]?.next_id ?? null };
}
