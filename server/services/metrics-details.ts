// The Metrics screen's live figures. Processing speed is read back from the summary line every
// processing run writes to the video's log ("timings: decode+pose … (N frames/s), …, total T s"):
// analysed frames per second as measured by the run, and × real time = video duration ÷ total time.
import type { SqlRunner } from '../db/connect';
import {
  humanWorkPerVideo,
  humanWorkTotals,
  recentTimingLines,
  reviewers,
  weeklyCounts,
} from '../repositories/metrics';
import { annotatorQuality, reviewerIssues } from '../repositories/review-issue-metrics';

const RATE = /\(([\d.]+) frames\/s\)/;
const TOTAL = /total ([\d.]+) s\b/;

export function parseTimingLine(line: string): { framesPerSecond: number; totalSeconds: number } | null {
  const rate = RATE.exec(line);
  const total = TOTAL.exec(line);
  if (!rate || !total) return null;
  const framesPerSecond = Number(rate[1]);
  const totalSeconds = Number(total[1]);
  return Number.isFinite(framesPerSecond) && totalSeconds > 0 ? { framesPerSecond, totalSeconds } : null;
}

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const round = (x: number | null, d = 2) => (x === null ? null : Math.round(x * 10 ** d) / 10 ** d);

export async function metricsDetails(sql: SqlRunner, hidden: string[]) {
  const [lines, perVideo, totals, people, weeks, annotators, raisers] = await Promise.all([
    recentTimingLines(sql, hidden, 50),
    humanWorkPerVideo(sql, hidden, 10),
    humanWorkTotals(sql, hidden),
    reviewers(sql, hidden),
    weeklyCounts(sql, hidden, 8),
    annotatorQuality(sql, hidden),
    reviewerIssues(sql, hidden),
  ]);
  const runs = lines.flatMap((l) => {
    const t = parseTimingLine(l.line);
    return t
      ? [
          {
            video_id: l.video_id,
            filename: l.filename,
            at: new Date(l.at).toISOString(),
            frames_per_second: t.framesPerSecond,
            realtime_factor: round(l.duration / t.totalSeconds),
            total_seconds: t.totalSeconds,
          },
        ]
      : [];
  });
  return {
    processing: {
      runs: runs.length,
      median_frames_per_second: round(median(runs.map((r) => r.frames_per_second)), 1),
      median_realtime_factor: round(
        median(runs.flatMap((r) => (r.realtime_factor === null ? [] : [r.realtime_factor]))),
      ),
      recent: runs.slice(0, 5),
    },
    human_review: {
      videos_with_human_work: totals.videos,
      human_edited_detections: totals.human_detections,
      verified_segments: totals.verified_segments,
      segments: totals.segments,
      per_video: perVideo,
      reviewers: people.map((p) => ({ user_id: p.user_id ?? 'guest', reviewed: p.reviewed, labelled: p.labelled })),
    },
    review_quality: {
      annotators: annotators.map((a) => ({
        user_id: a.user_id,
        name: a.name,
        videos: a.videos,
        video_minutes: round(a.seconds / 60, 1)!,
        issues: a.raised,
        issues_per_minute: a.seconds > 0 ? round(a.raised / (a.seconds / 60)) : null,
        resolved_share: a.raised ? round(a.resolved / a.raised) : null,
        median_resolve_seconds: a.median_resolve_s === null ? null : Math.round(a.median_resolve_s),
      })),
      reviewers: raisers,
    },
    weekly: weeks.map((w) => ({
      week: new Date(w.week).toISOString().slice(0, 10),
      processed: w.processed,
      reviewed: w.reviewed,
      labelled: w.labelled,
    })),
  };
}
