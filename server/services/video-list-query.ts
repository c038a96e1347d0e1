// The library's list query. The database builds the JSON array itself (json_agg), so a 1,000-row page
// crosses the driver as one text value and is sent as-is: no per-row decoding, mapping or re-encoding
// in Node. Column names and formats match toVideoDto.
import type { SqlRunner } from '../db/connect';

export interface VideoListFilter {
  limit: number; skip: number; afterId?: number; statuses?: string[]; sourceRoot?: string; q?: string; assignee?: string; unassignedOnly?: boolean;
}

const COLUMNS = `id, filename, path, rel_path, source_root, size_bytes, duration, width, height, fps,
  fps_num || '/' || fps_den as fps_rational, total_frames, processing_status, previous_status,
  to_char(ai_processed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ai_processed_at,
  to_char(status_updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as status_updated_at,
  assigned_to_id, assigned_to_name, last_status_by_id,
  to_char(last_status_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_status_changed_at,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

/** Escapes LIKE wildcards so the search text is matched literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function buildVideoListSql(f: VideoListFilter): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const p = (v: unknown) => { values.push(v); return `$${values.length}`; };
  const where = [`processing_status <> 'deleted'`];
  // Keyset paging (extension): with after_id the page starts after that id and skip is not needed, so
  // page 100 costs the same as page 1 instead of scanning 99,000 rows.
  if (f.afterId !== undefined) where.push(`id > ${p(f.afterId)}`);
  if (f.sourceRoot) where.push(`source_root = ${p(f.sourceRoot)}`);
  const q = f.q?.trim();
  if (q) { const pat = p(`%${likeEscape(q)}%`); where.push(`(filename ilike ${pat} or path ilike ${pat})`); }
  if (f.unassignedOnly) where.push('assigned_to_id is null');
  else if (f.assignee) where.push(`assigned_to_id = ${p(f.assignee)}`);
  const limit = p(f.limit);
  const offset = p(f.afterId !== undefined ? 0 : f.skip);
  const statuses = [...new Set(f.statuses ?? [])];
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

export async function listVideosJson(sql: SqlRunner, f: VideoListFilter): Promise<string> {
  const { text, values } = buildVideoListSql(f);
  const { rows } = await sql.query<{ json: string }>(text, values);
  return rows[0]?.json ?? '[]';
}
