// Per-video interchange files (COCO keypoints, PoseTrack 2018, MOTChallenge, CVAT for video): the stored
// tracks written in a format, and a file's tracks added to a video as human-made tracks (so a reprocess
// keeps them), with the file's action segments when the format carries them (CVAT for video).
// An import only adds: nothing stored is replaced. A video already reviewed or labelled takes an import
// only when the caller confirms it, as the added tracks would enter checked work unseen.
// What is added meets the import rules (domain/formats/import-limits.ts), counted with the video's own tracks.
// The file is decoded and checked by an import parser (a worker thread for a large file: interchange-decode.ts)
// and its rows staged in batches and published at once, so the server keeps answering while a 200,000-row
// file is imported and nobody ever sees half of it.
import type { Database, Db, Tx } from '../../db/connect';
import { Conflict, Unprocessable } from '../../domain-errors';
import { CheckerStopped, ImportParser } from '../imports/import-parser';
import { insertColumns, writeStaged } from '../imports/insert-columns';
import { openStaging } from '../../repositories/detection-staging';
import { lockAnnotationVersion } from '../../repositories/package-import';
import { ImportRefusal, type DecodedInterchange } from './interchange-decode';
import { bumpAnnotationVersion } from '../../repositories/annotation-version';
import { listDetections, listSegments, listTrackRanges } from '../../repositories/annotations';
import { highestDetectionVersion, insertSegments } from '../../repositories/processing-results';
import type { VideoRow } from '../../repositories/videos';
import { countTracksOnFrames } from '../../repositories/frame-occupancy';
import { FORMATS, type FormatName, type FormatTrack, type FormatVideo } from '../../../domain/formats';
import {
  largest,
  MAX_TRACK_ID,
  MAX_TRACKS_PER_FRAME,
  MAX_TRACKS_PER_VIDEO,
} from '../../../domain/formats/import-limits';
import type { Identity } from '../../../domain/types';
import { requireLiveVideo } from '../videos';
import { getVideoSettings } from '../settings';

export const formatVideoOf = (v: VideoRow): FormatVideo => ({
  id: v.id,
  filename: v.filename,
  width: v.width,
  height: v.height,
  totalFrames: v.totalFrames,
  frameStride: v.frameStride,
  fps: v.fps,
});

/** Statuses whose tracks a person has checked: an import onto them must be confirmed. */
const CHECKED_STATUSES = new Set(['reviewed', 'labelled']);

/** The stored tracks of a video in the neutral model, by track then frame, each with its action segments. */
export async function storedTracks(db: Db, videoId: number): Promise<FormatTrack[]> {
  const segments = new Map<number, NonNullable<FormatTrack['segments']>>();
  for (const s of await listSegments(db, videoId)) {
    const list = segments.get(s.trackId) ?? [];
    list.push({ actionClass: s.actionClass, startTime: s.startTime, endTime: s.endTime });
    segments.set(s.trackId, list);
  }
  const tracks: FormatTrack[] = [];
  for (const d of await listDetections(db, videoId)) {
    let t = tracks[tracks.length - 1];
    if (!t || t.trackId !== d.trackId)
      tracks.push((t = { trackId: d.trackId, detections: [], segments: segments.get(d.trackId) ?? [] }));
    // an outside keyframe is no box: formats without the notion just leave the frame empty
    if (d.source === 'outside') {
      (t.outsideFrames ??= []).push(d.frame);
      continue;
    }
    t.detections.push({
      frame: d.frame,
      x1: d.x1,
      y1: d.y1,
      x2: d.x2,
      y2: d.y2,
      confidence: d.confidence,
      keypoints: d.keypoints,
      visibility: d.keypointVisibility,
      human: d.source !== 'ai',
    });
  }
  return tracks;
}

export async function exportInterchange(
  db: Db,
  v: VideoRow,
  format: FormatName,
): Promise<{ body: string; filename: string; contentType: string }> {
  const f = FORMATS[format];
  // the frames between analysed ones are written as the editor and the render draw them
  const interpolate = (await getVideoSettings(db)).realtime.interpolation;
  const body = f.encode({ ...formatVideoOf(v), interpolate }, await storedTracks(db, v.id));
  return { body, filename: `${v.filename.replace(/\.[^.]+$/, '')}${f.suffix}`, contentType: f.contentType };
}

export interface InterchangeImportResult {
  format: FormatName;
  dry_run: boolean;
  tracks_imported: number;
  detections_imported: number;
  segments_imported: number;
  /** Stored rows the import replaces: always 0, an import only adds. Said so the preview can show it. */
  replaced: number;
  /** The video's status is reviewed or labelled: the import needs `confirm`. */
  needs_confirm: boolean;
  /** The file's track ids and the ids they were stored under. */
  track_ids: Array<{ file_id: number; track_id: number }>;
  warnings: string[];
}

/** The video with the file's tracks added stays within the tracks per video and per frame. */
async function checkRoom(
  database: Database,
  videoId: number,
  existingTracks: number,
  file: DecodedInterchange,
): Promise<void> {
  if (existingTracks + file.tracks.length > MAX_TRACKS_PER_VIDEO) {
    throw new Unprocessable(
      `The video holds ${existingTracks} tracks and the file ${file.tracks.length}: at most ${MAX_TRACKS_PER_VIDEO} tracks per video`,
    );
  }
  if (!existingTracks) return; // the file alone was checked while it was read
  const perFrame = new Map<number, number>();
  file.perFrame.frames.forEach((frame, i) => perFrame.set(frame, file.perFrame.counts[i]));
  const there = await countTracksOnFrames(database.sql, videoId, [...perFrame.keys()]);
  for (const [frame, n] of [...perFrame].sort((a, b) => a[0] - b[0])) {
    const old = there.get(frame) ?? 0;
    if (old + n > MAX_TRACKS_PER_FRAME) {
      throw new Unprocessable(
        `Frame ${frame} would hold ${old + n} tracks with the ${old} already there (at most ${MAX_TRACKS_PER_FRAME} tracks per frame)`,
      );
    }
  }
}

/** The file decoded and checked by an import parser (off the event loop when large); a refusal is a 422. */
async function decodeOffTheLoop(format: FormatName, bytes: Uint8Array, video: FormatVideo) {
  const parser = new ImportParser();
  try {
    return await parser.decodeInterchange(format, bytes, video);
  } catch (e) {
    if (e instanceof ImportRefusal || e instanceof CheckerStopped) throw new Unprocessable(e.message);
    throw e;
  } finally {
    await parser.close();
  }
}

/**
 * Stores the file's rows staged where no reader sees them, then publishes them with the segments in one
 * small transaction (insert-columns.ts). The track ids and the room were judged on the video as it was when
 * the import began: an edit since then refuses the import (409), nothing of it is kept.
 */
async function writeTracks(
  database: Database,
  v: VideoRow,
  decoded: DecodedInterchange,
  segments: Parameters<typeof insertSegments>[1],
  storedId: Map<number, number>,
  who: Identity,
  now: Date,
): Promise<void> {
  let fixed = { version: 0, updatedById: who.id, updatedAt: now };
  const unchanged = async (tx: Tx) => (await lockAnnotationVersion(tx, v.id)) === v.annotationVersion;
  const outcome = await writeStaged<'imported' | 'changed' | 'busy'>(database, {
    async open(tx) {
      if (!(await unchanged(tx))) return { result: 'changed' };
      // a track id may be one deleted earlier: above every version its boxes had, so no stale save lands on them
      fixed = { ...fixed, version: (await highestDetectionVersion(tx, v.id)) + 1 };
      const staging = await openStaging(tx, v.id, null, false);
      return staging ? { staging } : { result: 'busy' };
    },
    write: (step, staging) => insertColumns(step, staging, decoded.rows, fixed, (fileId) => storedId.get(fileId)!),
    async publish(tx) {
      if (!(await unchanged(tx))) return { publish: false, result: 'changed' };
      await insertSegments(tx, segments);
      await bumpAnnotationVersion(tx, v.id);
      return { publish: true, result: 'imported' };
    },
  });
  if (outcome === 'changed')
    throw new Conflict(
      "The video's annotations changed while the file was imported: nothing was imported. Import it again.",
    );
  if (outcome === 'busy')
    throw new Conflict('Another import is writing this video now: try again when it has finished.');
}

/**
 * Adds a file's tracks to a video. The file's ids are kept when none is taken; otherwise every imported
 * track is numbered after the video's last track, so an import never merges into an existing person.
 */
export async function importInterchange(
  database: Database,
  videoId: number,
  format: FormatName,
  bytes: Uint8Array,
  opts: { dryRun: boolean; confirm: boolean; who: Identity },
): Promise<InterchangeImportResult> {
  const v = await requireLiveVideo(database.db, videoId);
  const needsConfirm = CHECKED_STATUSES.has(v.processingStatus);
  if (needsConfirm && !opts.dryRun && !opts.confirm) {
    throw new Conflict(
      `This video is ${v.processingStatus}: an import adds tracks to work already checked. Confirm to import anyway.`,
    );
  }
  const decoded = await decodeOffTheLoop(format, bytes, formatVideoOf(v));
  const existing = (await listTrackRanges(database.sql, v.id)).map((t) => t.track_id);
  await checkRoom(database, v.id, existing.length, decoded);
  const taken = new Set(existing);
  const keep = !decoded.tracks.some((t) => taken.has(t.trackId));
  const after = largest(existing, 0);
  if (!keep && after + decoded.tracks.length > MAX_TRACK_ID) {
    throw new Unprocessable(
      `The file's track ids are taken and numbering them after track ${after} would pass ${MAX_TRACK_ID}`,
    );
  }
  const warnings = [...decoded.warnings];
  if (!keep) warnings.push(`Track ids already in use: imported tracks are numbered from ${after + 1}`);
  if (!decoded.tracks.length) warnings.push('The file holds no tracks');
  const trackIds = decoded.tracks.map((t, i) => ({ file_id: t.trackId, track_id: keep ? t.trackId : after + 1 + i }));
  const now = new Date();
  const storedId = new Map(trackIds.map((t) => [t.file_id, t.track_id]));
  const segments = decoded.tracks.flatMap((t, i) =>
    t.segments.map((s) => ({
      videoId: v.id,
      trackId: trackIds[i].track_id,
      actionClass: s.actionClass,
      startTime: s.startTime,
      endTime: s.endTime,
      confidence: 1,
      humanVerified: false,
      createdById: opts.who.id,
      createdAt: now,
      updatedById: opts.who.id,
      updatedAt: now,
    })),
  );
  if (!opts.dryRun && decoded.rows.count) await writeTracks(database, v, decoded, segments, storedId, opts.who, now);
  return {
    format,
    dry_run: opts.dryRun,
    tracks_imported: decoded.tracks.length,
    detections_imported: decoded.rows.count,
    segments_imported: segments.length,
    replaced: 0,
    needs_confirm: needsConfirm,
    track_ids: trackIds,
    warnings,
  };
}
