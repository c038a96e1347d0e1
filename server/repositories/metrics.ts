// SQL of the Metrics screen: processing timings from the processing log, human review work and weekly
// counts, over the videos the viewer may see (deleted ones and role-limited sources left out).
import type { SqlRunner } from '../db/connect';

const visible = (alias: string, param: string) =>
  `${alias}.processing_status <> 'deleted' and ${alias}.source_root not in (select root from sources where role = any(${param}::text[]))`;

/** The last `limit` "timings:" summary lines the processing job wrote, with the video's duration. */
export async function recentTimingLines(sql: SqlRunner, hidden: string[], limit: number) {
  const { rows } = await sql.query<{ video_id: number; filename: string; duration: number; at: Date; line: string }>(
    `select l.video_id, v.filename, v.duration, l.at, l.line from processing_log l join videos v on v.id = l.video_id
      where l.line like 'timings: %' and ${visible('v', '$1')} order by l.id desc limit $2`,
    [hidden, limit],
  );
  return rows.map((r) => ({ ...r, duration: Number(r.duration) }));
}

/** Human work per video: edited boxes and verified segments, for videos with any (most first). */
export async function humanWorkPerVideo(sql: SqlRunner, hidden: string[], limit: number) {
  const { rows } = await sql.query<{
    id: number;
    filename: string;
    processing_status: string;
    human_detections: number;
    verified_segments: number;
    segments: number;
  }>(
    `with d as (select video_id, count(*)::int as n from detections where source = 'human' group by video_id),
          s as (select video_id, count(*)::int as segments, sum(case when human_verified then 1 else 0 end)::int as verified from action_segments group by video_id)
     select v.id, v.filename, v.processing_status, coalesce(d.n, 0) as human_detections, coalesce(s.verified, 0) as verified_segments, coalesce(s.segments, 0) as segments
       from videos v left join d on d.video_id = v.id left join s on s.video_id = v.id
      where ${visible('v', '$1')} and (coalesce(d.n, 0) > 0 or coalesce(s.verified, 0) > 0)
      order by coalesce(d.n, 0) + coalesce(s.verified, 0) desc, v.id limit $2`,
    [hidden, limit],
  );
  return rows;
}

/** Totals of human work over all visible videos. */
export async function humanWorkTotals(sql: SqlRunner, hidden: string[]) {
  const { rows } = await sql.query<{
    videos: number;
    human_detections: number;
    verified_segments: number;
    segments: number;
  }>(
    `select count(distinct v.id) filter (where d.n > 0 or s.verified > 0)::int as videos,
            coalesce(sum(d.n), 0)::int as human_detections, coalesce(sum(s.verified), 0)::int as verified_segments, coalesce(sum(s.segments), 0)::int as segments
       from videos v
       left join (select video_id, count(*) as n from detections where source = 'human' group by video_id) d on d.video_id = v.id
       left join (select video_id, count(*) as segments, sum(case when human_verified then 1 else 0 end) as verified from action_segments group by video_id) s on s.video_id = v.id
      where ${visible('v', '$1')}`,
    [hidden],
  );
  return rows[0];
}

/** Who set videos to reviewed or labelled, and how many (each video counted once per person and status). */
export async function reviewers(sql: SqlRunner, hidden: string[]) {
  const { rows } = await sql.query<{ user_id: string | null; reviewed: number; labelled: number }>(
    `select h.changed_by_id as user_id,
            count(distinct h.video_id) filter (where h.new_status = 'reviewed')::int as reviewed,
            count(distinct h.video_id) filter (where h.new_status = 'labelled')::int as labelled
       from status_history h join videos v on v.id = h.video_id
      where h.new_status in ('reviewed', 'labelled') and ${visible('v', '$1')}
      group by h.changed_by_id order by 2 desc, 3 desc, 1`,
    [hidden],
  );
  return rows;
}

/** Status changes to completed, reviewed and labelled per week (Monday start, UTC), the last `weeks` weeks. */
export async function weeklyCounts(sql: SqlRunner, hidden: string[], weeks: number) {
  const { rows } = await sql.query<{ week: Date | string; processed: number; reviewed: number; labelled: number }>(
    `select date_trunc('week', h.changed_at at time zone 'UTC') as week,
            count(*) filter (where h.new_status = 'completed')::int as processed,
            count(*) filter (where h.new_status = 'reviewed')::int as reviewed,
            count(*) filter (where h.new_status = 'labelled')::int as labelled
       from status_history h join videos v on v.id = h.video_id
      where h.new_status in ('completed', 'reviewed', 'labelled') and h.changed_at >= now() - make_interval(days => $2::int * 7)
        and ${visible('v', '$1')}
      group by 1 order by 1`,
    [hidden, weeks],
  );
  return rows;
}
