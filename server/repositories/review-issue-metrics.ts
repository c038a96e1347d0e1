// SQL of the Metrics screen's review quality figures, over the videos the viewer may see. A video's
// annotator is its assignee; "their reviewed video" is one that is reviewed or labelled or has an issue,
// so videos nobody has reviewed yet do not dilute the rate.
import type { SqlRunner } from '../db/connect';

const visible = (alias: string, param: string) =>
  `${alias}.processing_status <> 'deleted' and ${alias}.source_root not in (select root from sources where role = any(${param}::text[]))`;

export interface AnnotatorQualityRow {
  user_id: string;
  name: string | null;
  videos: number;
  seconds: number;
  raised: number;
  resolved: number;
  median_resolve_s: number | null;
}

/** Per assignee: their reviewed videos and seconds of video, issues raised on them, resolved, median time to resolve. */
export async function annotatorQuality(sql: SqlRunner, hidden: string[]): Promise<AnnotatorQualityRow[]> {
  const { rows } = await sql.query<AnnotatorQualityRow>(
    `with vids as (
       select v.id, v.assigned_to_id, v.assigned_to_name, v.duration from videos v
        where v.assigned_to_id is not null and ${visible('v', '$1')}
          and (v.processing_status in ('reviewed', 'labelled') or exists (select 1 from review_issues i where i.video_id = v.id))),
     per_user as (
       select assigned_to_id as user_id, max(assigned_to_name) as name, count(*)::int as videos, sum(duration)::float8 as seconds
         from vids group by 1),
     iss as (
       select vids.assigned_to_id as user_id, count(*)::int as raised, count(*) filter (where i.state = 'resolved')::int as resolved,
              percentile_cont(0.5) within group (order by extract(epoch from (i.resolved_at - i.raised_at)))
                filter (where i.state = 'resolved' and i.resolved_at is not null) as median_resolve_s
         from review_issues i join vids on vids.id = i.video_id group by 1)
     select p.user_id, p.name, p.videos, p.seconds, coalesce(iss.raised, 0) as raised, coalesce(iss.resolved, 0) as resolved,
            iss.median_resolve_s
       from per_user p left join iss on iss.user_id = p.user_id
      order by coalesce(iss.raised, 0)::float8 / greatest(p.seconds, 1) desc, p.user_id`,
    [hidden],
  );
  return rows.map((r) => ({
    ...r,
    seconds: Number(r.seconds),
    median_resolve_s: r.median_resolve_s === null ? null : Number(r.median_resolve_s),
  }));
}

/** Per person who raised issues: how many, how many are still open, on how many videos. */
export async function reviewerIssues(sql: SqlRunner, hidden: string[]) {
  const { rows } = await sql.query<{
    user_id: string;
    name: string | null;
    raised: number;
    open: number;
    videos: number;
  }>(
    `select i.raised_by_id as user_id, max(i.raised_by_name) as name, count(*)::int as raised,
            count(*) filter (where i.state = 'open')::int as open, count(distinct i.video_id)::int as videos
       from review_issues i join videos v on v.id = i.video_id
      where ${visible('v', '$1')}
      group by 1 order by 3 desc, 1`,
    [hidden],
  );
  return rows;
}
