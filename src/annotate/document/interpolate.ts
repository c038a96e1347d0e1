// What the editor shows per track at a frame. The interpolation between analysed frames is pure code in
// domain/overlay/detection.ts, shared with the server's renderer.
import type { CompactDetection, EditorDoc } from './types';
import { frameAt } from './frame-blocks';
import { trackBoxAt, type InterpolationOptions, type TrackBox } from '../../../domain/overlay/detection';

export { detectionAt } from '../../../domain/overlay/detection';

/** The parts of the document and UI state that decide what is shown. */
export interface ShownInputs {
  doc: Pick<EditorDoc, 'detections'> & { info: { frame_stride?: number | null } };
  ui: { interpolation: boolean };
}

/**
 * What is shown at `frame`, per track: the stored detection, or between analysed frames the interpolated
 * (or held) one, following the document's stride and the UI's interpolation toggle (trackBoxAt, the rule
 * the render and the exports follow too). The overlay, the edit handles, the hotkeys and the test hooks all
 * ask this one selector, so what a user edits is always what they see.
 */
export function shownAt(
  doc: ShownInputs['doc'],
  ui: ShownInputs['ui'],
  frame: number,
): (trackId: number) => CompactDetection | null {
  const box = trackBoxShown(doc, ui, frame);
  return (trackId) => box(trackId)?.det ?? null;
}

/** shownAt with where the box comes from: stored, or filled in between stored ones. */
export function trackBoxShown(
  doc: ShownInputs['doc'],
  ui: ShownInputs['ui'],
  frame: number,
): (trackId: number) => TrackBox | null {
  const opts: InterpolationOptions = { stride: doc.info.frame_stride ?? 1, interpolate: ui.interpolation };
  return (trackId) => {
    const track = doc.detections[trackId];
    return track ? trackBoxAt((f) => frameAt(track, f), frame, opts) : null;
  };
}
