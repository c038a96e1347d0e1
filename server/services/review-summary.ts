// The review navigation summary of one video (GET /annotations/{id}/review-summary): per track its
// presence runs, low-confidence runs and verified mark, and the runs where two boxes overlap heavily. The
// runs are an aggregate over every detection (one pass over them, domain/review-runs.ts), so they are kept per
// (video, annotation version) in memory; the marks are read fresh on every request (one small query).
import { setImmediate } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '../db/connect';
import { lastDetectionFrame, listReviewDetections } from '../repositories/review-summary';
import { listVerifications } from '../repositories/track-verifications';
import { REVIEW_LOW_CONFIDENCE } from '../../domain/constants';
import { OVERLAP_IOU, type ReviewSummary } from '../../domain/review-navigation';
import { ReviewRunsBuilder, type ReviewRuns } from '../../domain/review-runs';
import { verifiedDto } from './annotation-edits/track-verified';
import type { VideoRow } from './video-dto';
import { requireLiveVideo } from './videos';

/** Computed runs by video and version; readers of one key at the same time share one computation. */
export class ReviewRunsCache {
  private readonly lru = new LRUCache<string, Promise<ReviewRuns>>({ max: 64 });

  get(key: string, compute: () => Promise<ReviewRuns>): Promise<ReviewRuns> {
    let hit = this.lru.get(key);
    if (!hit) {
      hit = compute();
      this.lru.set(key, hit);
      hit.catch(() => this.lru.delete(key));
    }
    return hit;
  }
}

/**
 * PGlite serves one query at a time on the main thread, so the detections are read this many frames at a
 * time (60,000 rows, 3.5 MB of binary COPY with 20 tracks: tens of ms each) and other requests (detection
 * windows, edits) slip in between chunks. Runs cut at a chunk border are joined by the builder, which carries each
 * track's and pair's last frame over. Between chunks it yields to the event loop: a chain of awaited
 * queries alone never lets a waiting request in.
 */
export const RUNS_CHUNK_FRAMES = 3000;

async function computeRuns(database: Database, v: VideoRow): Promise<ReviewRuns> {
  const builder = new ReviewRunsBuilder(Math.max(1, v.frameStride), REVIEW_LOW_CONFIDENCE, OVERLAP_IOU);
  const end = await lastDetectionFrame(database.sql, v.id);
  for (let from = 0; end !== null && from <= end; from += RUNS_CHUNK_FRAMES) {
    builder.add(await listReviewDetections(database, v.id, from, from + RUNS_CHUNK_FRAMES));
    await setImmediate();
  }
  return builder.finish();
}

/** The live video and the validator of its summary (every annotation write, marks included, bumps the version). */
export async function reviewSummaryTag(db: Db, videoId: number): Promise<{ video: VideoRow; etag: string }> {
  const video = await requireLiveVideo(db, videoId);
  return { video, etag: `"r${video.id}-v${video.annotationVersion}"` };
}

export async function buildReviewSummary(
  database: Database,
  cache: ReviewRunsCache,
  v: VideoRow,
): Promise<ReviewSummary> {
  const [runs, marks] = await Promise.all([
    cache.get(`${v.id}:${v.annotationVersion}`, () => computeRuns(database, v)),
    listVerifications(database.db, v.id),
  ]);
  const markOf = new Map(marks.map((m) => [m.trackId, verifiedDto(m)]));
  return {
    video_id: v.id,
    annotation_version: v.annotationVersion,
    frame_stride: Math.max(1, v.frameStride),
    low_confidence_threshold: REVIEW_LOW_CONFIDENCE,
    overlap_iou: OVERLAP_IOU,
    tracks: runs.tracks.map((t) => ({ ...t, verified: markOf.get(t.track_id) ?? null })),
    overlaps: runs.overlaps,
    overlaps_capped: runs.overlapsCapped,
  };
}
