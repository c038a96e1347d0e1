// The app's MOTChallenge export as it comes out, scored the way py-motmetrics scores a result file
// (CLEAR MOT at IoU ≥ 0.5, a person keeping their previous match while it still overlaps, the rest by
// minimum-distance assignment; IDF1 from the global one-to-one id matching). The analysis is laid out as
// the processing job stores it on a fresh video (store-result.ts: AI rows, track ids as the pipeline gave
// them) and as the export reads it back (services/formats/interchange.ts, storedTracks), then written by
// the real encoder (domain/formats: every frame the editor draws, filled-in ones with conf -1). The file
// is read back from its text, not from the tracks; like py-motmetrics' default, every line counts.
import { VIDEO_SETTINGS_DEFAULTS } from '../../domain/constants';
import { FORMATS, type FormatTrack, type FormatVideo } from '../../domain/formats';
import type { AnalysisResult } from '../../server/processing/pipeline';
import { evaluateSequence, type Box, type EvalFrame, type GtPerson, type SequenceMetrics } from './metrics';

/** The stored AI tracks of a freshly processed video, as the interchange export reads them. */
export function storedAiTracks(analysis: Pick<AnalysisResult, 'detections'>): FormatTrack[] {
  const byTrack = new Map<number, FormatTrack>();
  for (const d of analysis.detections) {
    let t = byTrack.get(d.trackId);
    if (!t) byTrack.set(d.trackId, (t = { trackId: d.trackId, detections: [], segments: [] }));
    t.detections.push({
      frame: d.frame,
      x1: d.x1,
      y1: d.y1,
      x2: d.x2,
      y2: d.y2,
      confidence: d.confidence,
      keypoints: d.keypoints,
      visibility: null,
      human: false,
    });
  }
  return [...byTrack.values()];
}

/** The MOT file the app exports for the analysis of a video of this size, frame count and stride. */
export function exportMot(
  analysis: Pick<AnalysisResult, 'detections'> & { stats: Pick<AnalysisResult['stats'], 'stride'> },
  video: { filename: string; width: number; height: number; frames: number; fps: number },
): string {
  const v: FormatVideo = {
    id: 1,
    filename: video.filename,
    width: video.width,
    height: video.height,
    totalFrames: video.frames,
    frameStride: analysis.stats.stride,
    fps: video.fps,
    // the export fills in between analysed frames as the editor draws them, by this setting (on by default)
    interpolate: VIDEO_SETTINGS_DEFAULTS.realtime.interpolation,
  };
  return FORMATS.mot.encode(v, storedAiTracks(analysis));
}

/** A MOT result file's boxes by 0-based frame: `frame,id,left,top,width,height,…` with frames from 1. */
export function readMotBoxes(text: string): Map<number, Array<{ id: number; box: Box; conf: number }>> {
  const out = new Map<number, Array<{ id: number; box: Box; conf: number }>>();
  for (const line of text.split('\n')) {
    const v = line.split(',').map(Number);
    if (v.length < 6 || v.slice(0, 6).some((x) => !Number.isFinite(x))) continue;
    const [frame, id, x, y, w, h] = v;
    const list = out.get(frame - 1) ?? [];
    list.push({ id, box: { x1: x, y1: y, x2: x + w, y2: y + h }, conf: v.length > 6 ? v[6] : 1 });
    out.set(frame - 1, list);
  }
  return out;
}

/**
 * Scores a MOT file against the clip's labels on every frame 0..frames-1, as against a MOTChallenge
 * ground-truth file that lists the people the labels count (not those less than half in view): there is
 * no "don't care" in that file, so a box on such a person is a false positive.
 */
export function scoreMotFile(
  text: string,
  frames: number,
  groundTruth: (n: number) => GtPerson[],
  iouThreshold = 0.5,
): SequenceMetrics {
  const boxes = readMotBoxes(text);
  const evalFrames: EvalFrame[] = [];
  for (let n = 0; n < frames; n++) {
    evalFrames.push({
      frame: n,
      gt: groundTruth(n)
        .filter((g) => !g.dontCare)
        .map((g) => ({ id: g.id, box: g.box })),
      pred: (boxes.get(n) ?? []).map((b) => ({ trackId: b.id, box: b.box, score: b.conf })),
    });
  }
  return evaluateSequence(evalFrames, iouThreshold);
}
