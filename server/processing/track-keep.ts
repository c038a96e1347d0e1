// Which tracks are kept after tracking and re-link: a reviewer should only have to correct proposals, not
// delete tracks that were never a person. Confidences are on the calibrated scale (calibration.ts).
import { REVIEW_LOW_CONFIDENCE } from '../../domain/constants';
import { median } from './pose-features';

/**
 * A track whose median confidence is below this is dropped whole: most of its boxes are more likely not a
 * person (a part of someone, a shadow) than one.
 */
export const TRACK_KEEP_MEDIAN = 0.5;
/**
 * A person in view is found on nearly every analysed frame; a box on a window frame or a shadow comes and
 * goes. A track found on fewer than this share of the analysed frames of its own span is kept only when its
 * median confidence reaches the review mark (REVIEW_LOW_CONFIDENCE): the held-out calibration puts boxes of
 * 0.5–0.7 at about even odds, and flickering on top of that is what a false positive looks like.
 */
export const FLICKER_COVERAGE = 0.5;

/**
 * A track must be seen by the models on at least this many model passes. Between passes the optical flow
 * carries everyone a pass found over the frames to the next pass, so a box the next pass does not find again
 * (a part of someone, a shadow, seen once) would otherwise last a fifth of a second and pass for a track.
 */
export const MIN_PASS_SIGHTINGS = 2;

/**
 * What a track showed: its boxes' confidences, the first and last analysed step it was found on, and on how
 * many model passes (the other frames are the optical flow's; absent: every frame was a pass).
 */
export interface TrackEvidence {
  confidences: number[];
  firstStep: number;
  lastStep: number;
  passSightings?: number;
}

export function isUnconvincing(t: TrackEvidence): boolean {
  if ((t.passSightings ?? t.confidences.length) < MIN_PASS_SIGHTINGS) return true;
  const m = median(t.confidences);
  const coverage = t.confidences.length / (t.lastStep - t.firstStep + 1);
  return m < TRACK_KEEP_MEDIAN || (coverage < FLICKER_COVERAGE && m < REVIEW_LOW_CONFIDENCE);
}

/** Ids of the tracks to drop whole. */
export function unconvincingTracks(tracks: Map<number, TrackEvidence>): Set<number> {
  return new Set([...tracks].filter(([, t]) => isUnconvincing(t)).map(([id]) => id));
}
