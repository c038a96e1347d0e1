// A processing result to store straight into a seeded video (storeAnalysis), for the API tests of what a
// finished analysis leaves behind: the log, the stored rows, the exports.
import type { AnalysisResult } from '../../server/processing/analysis-result';

/** The stats of an analysis of 10 frames at every frame that found one person. */
export const ANALYSIS_STATS: AnalysisResult['stats'] = {
  framesAnalysed: 10,
  stride: 1,
  inputW: 256,
  inputH: 144,
  longSide: 256,
  tracker: 'bytetrack',
  poseModel: 'topdown',
  fragments: 2,
  relinks: 0,
  weakTracks: 0,
  peopleFound: 20,
  maxPeopleInFrame: 2,
  tracks: 1,
  decodeInferMs: 1,
  trackMs: 1,
  actionsMs: 1,
};

/** Track 1 walking right over frames 0–9, with the joints `keypointsAt` gives each frame (null: none seen). */
export function walkingTrack(keypointsAt: (frame: number) => number[] | null): AnalysisResult['detections'] {
  return Array.from({ length: 10 }, (_, f) => ({
    trackId: 1,
    frame: f,
    x1: 0.1 + 0.02 * f,
    y1: 0.1,
    x2: 0.3 + 0.02 * f,
    y2: 0.7,
    confidence: 0.9,
    keypoints: keypointsAt(f),
  }));
}
