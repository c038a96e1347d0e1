// The end of a processing job: one transaction swaps the video's AI rows for the analysis result, keeps
// what people edited by hand (relinked onto the new tracks), logs a summary, bumps the annotation
// version and sets the status to `completed`.
import { REVIEW_LOW_CONFIDENCE } from '../../../../domain/constants';
import type { Db } from '../../../db/connect';
import { bumpAnnotationVersion } from '../../../repositories/annotation-version';
import { insertDetections } from '../../../repositories/detection-bulk';
import { clearAiRows, highestDetectionVersion, insertSegments } from '../../../repositories/processing-results';
import { appendProcessingLog as appendLog } from '../../../repositories/status';
import { raiseAllTrackVersions } from '../../../repositories/track-versions';
import { changeStatus } from '../../../services/status';
import type { ProcessJobData } from '../../../services/processing-eligibility';
import type { AnalysisResult } from '../../../processing/pipeline';
import { readKeptRows, relinkKeptRows } from './relink';
import { stillDropLog, type StillDrop } from '../../../processing/static-track';
import { readingLog } from '../../../processing/detector-passes';
import { FLICKER_COVERAGE, TRACK_KEEP_MEDIAN } from '../../../processing/track-keep';
import { boxesByTrack } from '../../../processing/track-match';
import { readIssueTracks, relinkIssues } from '../../../services/review-issues/reprocess';

export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Detections, segments, log, the annotation version and status `completed` in one transaction. */
export async function storeAnalysis(
  db: Db,
  job: ProcessJobData,
  video: { fps: number; frameStride: number | null },
  r: AnalysisResult & { stillDropped?: StillDrop[] },
  elapsedMs: number,
): Promise<void> {
  const { videoId } = job;
  await db.transaction(async (tx) => {
    const kept = await readKeptRows(tx, videoId);
    const issueTracks = await readIssueTracks(tx, videoId);
    // new AI boxes may stand where old ones stood: above every old version, so no save based on an old box lands on a new one
    const version = (await highestDetectionVersion(tx, videoId)) + 1;
    // what people did by hand survives: their detections, verified segments, and the track ids they use
    const { keptDetections, keptSegments, highestKeptTrack } = await clearAiRows(tx, videoId);
    // new AI tracks are numbered after every kept track so a kept id never points at a different person
    const offset = highestKeptTrack;
    const rows = r.detections.map((d) => ({
      trackId: d.trackId + offset,
      frame: d.frame,
      x1: d.x1,
      y1: d.y1,
      x2: d.x2,
      y2: d.y2,
      confidence: d.confidence,
      keypoints: d.keypoints,
      source: 'ai',
      version,
    }));
    // before the AI rows go in, so that a kept human box wins over the AI box of its new track's frame
    const maxGap = Math.max(video.frameStride ?? 1, r.stats.stride);
    const relinked = await relinkKeptRows(tx, videoId, kept, boxesByTrack(rows), video.fps, maxGap);
    const stored = await insertDetections(tx, videoId, rows, { skipConflicts: true });
    const issueLines = await relinkIssues(tx, videoId, issueTracks, boxesByTrack(rows), {
      fps: video.fps,
      maxGap,
      highestKeptTrack: offset,
    });
    const segs = r.segments.map((s) => ({
      videoId,
      trackId: s.trackId + offset,
      actionClass: s.actionClass,
      startTime: s.start,
      endTime: s.end,
      confidence: s.confidence,
      humanVerified: false,
      createdById: null,
    }));
    await insertSegments(tx, segs);
    // track ids were handed out anew: every track rises above every version a client may hold
    await raiseAllTrackVersions(tx, videoId);
    await bumpAnnotationVersion(tx, videoId);
    const s = r.stats;
    const perClass = Object.entries(
      r.segments.reduce<Record<string, number>>((a, x) => ({ ...a, [x.actionClass]: (a[x.actionClass] ?? 0) + 1 }), {}),
    );
    await appendLog(tx, videoId, [
      `analysis: every ${s.stride === 1 ? 'frame' : `${s.stride}th frame`}, ${s.inputW}x${s.inputH} input (long side ${s.longSide} px), pose model ${s.poseModel}, tracker ${s.tracker}`,
      // reading small people larger is why such a video takes longer (detector-passes.ts)
      ...readingLog(s.cropTracking?.reading),
      `frames analysed: ${s.framesAnalysed}; people found: ${s.peopleFound} detections (up to ${s.maxPeopleInFrame} in one frame)`,
      `track fragments: ${s.fragments} after tracking, ${s.relinks} re-linked by appearance and motion (each a broken id joined), ${s.fragments - s.relinks} after re-link, ${s.weakTracks} dropped as unconvincing (median confidence < ${TRACK_KEEP_MEDIAN}, or < ${REVIEW_LOW_CONFIDENCE} and found on under ${FLICKER_COVERAGE * 100} % of the frames of its span)`,
      ...(s.hiddenBoxes
        ? [
            `people out of sight for a moment: ${s.hiddenBoxes} box${s.hiddenBoxes === 1 ? '' : 'es'} added where they walked behind someone or the models missed them briefly (no joints)`,
          ]
        : []),
      ...stillDropLog(r.stillDropped ?? []),
      `tracks: ${s.tracks}${offset ? ` (numbered from ${offset + 1})` : ''}; detections stored: ${stored}${stored < rows.length ? ` (${rows.length - stored} gave way to kept human boxes)` : ''}`,
      `segments proposed: ${segs.length}${perClass.length ? ` (${perClass.map(([c, n]) => `${c} ${n}`).join(', ')})` : ''}`,
      `kept from before: ${keptDetections} human-edited detection(s), ${keptSegments} human-verified segment(s)`,
      ...relinked,
      ...issueLines,
      `timings: decode+pose ${secs(s.decodeInferMs)} (${(s.framesAnalysed / (s.decodeInferMs / 1000)).toFixed(1)} frames/s), tracking ${secs(s.trackMs)}, actions ${secs(s.actionsMs)}, total ${secs(elapsedMs)}`,
      'processing completed',
    ]);
    const done = await changeStatus(tx, {
      videoId,
      to: 'completed',
      by: job.requestedBy,
      from: ['processing'],
      remark: 'AI processing completed',
      extra: { aiProcessedAt: new Date(), frameStride: s.stride },
    });
    if (!done) throw new Error('the video left the processing state while it was analysed; results discarded');
  });
}
