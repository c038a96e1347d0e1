// SQL of the review queue: per video, aggregates of the evidence a reviewer should look at first (box
// confidence, low-confidence share, track fragments, unverified segment proposals, tracks without a verified mark), stored per annotation
// version in review_evidence, and the recent opens in the Annotate screen. The score and the order are
// computed in SQL, so only one page of rows leaves the database however many videos wait.
import type { SqlRunner } from '../db/connect';

export type ReviewStatus = 'pending' | 'in_progress' | 'completed';

export interface QueueFilter {
  hiddenSourceRoles: string[];
  /** Videos assigned to someone else are left out unless true. */
  allAssignees: boolean;
  viewerId: string | null;
  status: ReviewStatus | 'all';
  /** Only videos with open review issues. */
  withOpenIssues?: boolean;
  limit: number;
  offset: number;
  inProgressMinutes: number;
  weights: { confidence: number; lowShare: number; fragments: number; unverified: number; unverifiedTracks: number };
}

export interface QueueRow {
  id: number;
  filename: string;
  duration: number;
  processing_status: string;
  assigned_to_id: string | null;
  assigned_to_name: string | null;
  tracks: number;
  detections: number;
  mean_confidence: number | null;
  low_detections: number;
  low_tracks: number;
  people: number;
  segments: number;
  unverified: number;
  verified_tracks: number;
  open_issues: number;
  last_open: Date | null;
  last_user: string | null;
  review_status: ReviewStatus;
  score: number;
}

/** The candidate videos and their review status: a cheap part, shared by the page and the counts. */
function candidates(f: QueueFilter, values: unknown[]): string {
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = [`v.processing_status in ('completed', 'reviewed', 'labelled')`];
  if (f.hiddenSourceRoles.length)
    where.push(`v.source_root not in (select root from sources where role = any(${p(f.hiddenSourceRoles)}::text[]))`);
  if (f.withOpenIssues) where.push('v.open_issues > 0');
  if (!f.allAssignees)
    where.push(
      f.viewerId ? `(v.assigned_to_id is null or v.assigned_to_id = ${p(f.viewerId)})` : 'v.assigned_to_id is null',
    );
  const since = `now() - make_interval(mins => ${p(f.inProgressMinutes)}::int)`;
  return `cand as (
      select v.id, v.filename, v.duration, v.processing_status, v.assigned_to_id, v.assigned_to_name, v.open_issues, o.last_open, o.last_user,
             case when v.processing_status in ('reviewed', 'labelled') then 'completed'
                  when o.last_open is not null then 'in_progress' else 'pending' end as review_status
        from videos v
        left join lateral (select r.opened_at as last_open, r.user_id as last_user from review_opens r
                            where r.video_id = v.id and r.opened_at > ${since} order by r.opened_at desc limit 1) o on true
       where ${where.join(' and ')})`;
}

/**
 * Computes the evidence of every processed video whose row is missing or older than its annotation
 * version; the detection scans run once per version, not on every read of the queue.
 */
export async function refreshEvidence(sql: SqlRunner, lowConfidence: number): Promise<number> {
  const { rows } = await sql.query<{ n: string | number }>(
    `with stale as (
       select v.id, v.annotation_version from videos v left join review_evidence e on e.video_id = v.id
        where v.processing_status in ('completed', 'reviewed', 'labelled') and (e.video_id is null or e.annotation_version <> v.annotation_version)),
     per_track as (
       select d.video_id, d.track_id, count(*) as n, avg(d.confidence) as conf, sum(case when d.confidence < $1 then 1 else 0 end) as low_n
         from detections d where d.video_id = any(array(select id from stale)) group by d.video_id, d.track_id),
     tracks as (
       select pt.video_id, count(*) as tracks, sum(pt.n) as detections, sum(pt.conf * pt.n) / nullif(sum(pt.n), 0) as mean_confidence,
              sum(pt.low_n) as low_detections, sum(case when pt.conf < $1 then 1 else 0 end) as low_tracks,
              count(tv.track_id) as verified_tracks
         from per_track pt left join track_verifications tv
           on tv.video_id = pt.video_id and tv.track_id = pt.track_id and tv.edited_at is null
        group by pt.video_id),
     crowd as (
       select video_id, max(k) as people
         from (select d.video_id, d.frame, count(*) as k from detections d where d.video_id = any(array(select id from stale)) group by d.video_id, d.frame) f
        group by video_id),
     segs as (
       select s.video_id, count(*) as segments, sum(case when s.human_verified then 0 else 1 end) as unverified
         from action_segments s where s.video_id = any(array(select id from stale)) group by s.video_id),
     written as (
       insert into review_evidence (video_id, annotation_version, tracks, detections, mean_confidence, low_detections, low_tracks, people, segments, unverified, verified_tracks, computed_at)
       select st.id, st.annotation_version, coalesce(t.tracks, 0), coalesce(t.detections, 0), t.mean_confidence, coalesce(t.low_detections, 0),
              coalesce(t.low_tracks, 0), coalesce(cr.people, 0), coalesce(sg.segments, 0), coalesce(sg.unverified, 0), coalesce(t.verified_tracks, 0), now()
         from stale st left join tracks t on t.video_id = st.id left join crowd cr on cr.video_id = st.id left join segs sg on sg.video_id = st.id
       on conflict (video_id) do update set annotation_version = excluded.annotation_version, tracks = excluded.tracks, detections = excluded.detections,
              mean_confidence = excluded.mean_confidence, low_detections = excluded.low_detections, low_tracks = excluded.low_tracks,
              people = excluded.people, segments = excluded.segments, unverified = excluded.unverified, verified_tracks = excluded.verified_tracks,
              computed_at = excluded.computed_at
       returning 1)
     select count(*) as n from written`,
    [lowConfidence],
  );
  return Number(rows[0]?.n ?? 0);
}

/** One page of the queue, ranked in SQL from the stored evidence (call refreshEvidence first). */
export async function queuePage(sql: SqlRunner, f: QueueFilter): Promise<{ rows: QueueRow[]; total: number }> {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const cand = candidates(f, values);
  const w = f.weights;
  const mine = f.viewerId ? `case when c.assigned_to_id = ${p(f.viewerId)} then 0 else 1 end` : '0';
  const statusFilter = f.status === 'all' ? '' : `where c.review_status = ${p(f.status)}`;
  const { rows } = await sql.query<QueueRow & { total: string | number }>(
    `with ${cand},
     scored as (
       select c.*, coalesce(e.tracks, 0) as tracks, coalesce(e.detections, 0) as detections, e.mean_confidence,
              coalesce(e.low_detections, 0) as low_detections, coalesce(e.low_tracks, 0) as low_tracks, coalesce(e.people, 0) as people,
              coalesce(e.segments, 0) as segments, coalesce(e.unverified, 0) as unverified, coalesce(e.verified_tracks, 0) as verified_tracks
         from cand c left join review_evidence e on e.video_id = c.id ${statusFilter})
     select x.*, count(*) over () as total from (
       select c.*, (${p(w.confidence)}::float8 * (1 - coalesce(c.mean_confidence, 0))
                  + ${p(w.lowShare)}::float8 * (case when c.detections > 0 then c.low_detections::float8 / c.detections else 0 end)
                  + ${p(w.fragments)}::float8 * least(1.0, greatest(0, c.tracks - c.people)::float8 / greatest(c.people, 1))
                  + ${p(w.unverified)}::float8 * (case when c.segments > 0 then c.unverified::float8 / c.segments else 0 end)
                  + ${p(w.unverifiedTracks)}::float8 * (case when c.tracks > 0 then (c.tracks - least(c.verified_tracks, c.tracks))::float8 / c.tracks else 0 end)) as score,
              ${mine} as mine_rank
         from scored c) x
     order by case when x.mine_rank = 0 and x.open_issues > 0 then 0 else 1 end, x.mine_rank, case x.review_status when 'completed' then 1 else 0 end, x.score desc, x.id
     limit ${p(f.limit)} offset ${p(f.offset)}`,
    values,
  );
  const total = rows.length ? Number(rows[0].total) : 0;
  return {
    rows: rows.map((r) => ({
      ...r,
      score: Number(r.score),
      duration: Number(r.duration),
      mean_confidence: r.mean_confidence === null ? null : Number(r.mean_confidence),
    })),
    total,
  };
}

/** How many candidate videos are in each review status, and how many have open issues (no detection scan). */
export async function queueCounts(
  sql: SqlRunner,
  f: QueueFilter,
): Promise<Record<ReviewStatus | 'with_open_issues', number>> {
  const values: unknown[] = [];
  const { rows } = await sql.query<{ review_status: ReviewStatus; n: string | number; issues: string | number }>(
    `with ${candidates(f, values)}
     select review_status, count(*) as n, count(*) filter (where open_issues > 0) as issues from cand group by review_status`,
    values,
  );
  const counts = { pending: 0, in_progress: 0, completed: 0, with_open_issues: 0 };
  for (const r of rows) {
    counts[r.review_status] = Number(r.n);
    counts.with_open_issues += Number(r.issues);
  }
  return counts;
}

/**
 * Measured review effort: for recent reviews (a history row to 'reviewed') that followed an open of the
 * same video by the same user within `maxHours`, the median of (review time ÷ video duration), and how
 * many reviews it rests on.
 */
export async function measuredReviewFactor(
  sql: SqlRunner,
  maxHours: number,
  sample: number,
): Promise<{ factor: number | null; samples: number }> {
  const { rows } = await sql.query<{ factor: number | null; samples: string | number }>(
    `with reviews as (
       select h.video_id, h.changed_at, h.changed_by_id, v.duration from status_history h join videos v on v.id = h.video_id
        where h.new_status = 'reviewed' and h.changed_by_id is not null and v.duration > 0
        order by h.changed_at desc limit $2),
     timed as (
       select r.duration, extract(epoch from (r.changed_at - min(o.opened_at))) as secs from reviews r
         join review_opens o on o.video_id = r.video_id and o.user_id = r.changed_by_id
          and o.opened_at <= r.changed_at and o.opened_at > r.changed_at - make_interval(hours => $1::int)
        group by r.video_id, r.changed_at, r.duration)
     select percentile_cont(0.5) within group (order by secs / duration) as factor, count(*) as samples from timed`,
    [maxHours, sample],
  );
  return { factor: rows[0]?.factor == null ? null : Number(rows[0].factor), samples: Number(rows[0]?.samples ?? 0) };
}

export async function recordOpen(sql: SqlRunner, videoId: number, userId: string): Promise<Date> {
  const { rows } = await sql.query<{ opened_at: Date }>(
    'insert into review_opens (video_id, user_id) values ($1, $2) returning opened_at',
    [videoId, userId],
  );
  return rows[0].opened_at;
}
