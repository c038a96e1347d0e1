// What the editor shows per track at a frame. The interpolation between analysed frames is pure code in
// domain/overlay/detection.ts, shared with the server's renderer.
import type { CompactDetection, EditorDoc } from './types';
import { frameAt } from './frame-blocks';
import { detectionAtWith, type InterpolationOptions } from '../../../domain/overlay/detection';

export { detectionAt } from '../../../domain/overlay/detection';

/** The parts of the document and UI state that decide what is shown. */
export interface ShownInputs {
  doc: Pick<EditorDoc, 'detections'> & { info: { frame_stride?: number | null } };
  ui: { interpolation: boolean };
}

/**
 * What is shown at `frame`, per track: the stored detection, or between analysed frames the
 * interpolated (or held) one, following the document's stride and the UI's interpolation toggle.
 * The overlay, the edit handles, the hotkeys and the test hooks all ask this one selector, so what a
 * user edits is always what they see.
 */
export function shownAt(
  doc: ShownInputs['doc'],
  ui: ShownInputs['ui'],
  frame: number,
): (trackId: number) => CompactDetection | null {
  const opts: InterpolationOptions = { stride: doc.info.frame_stride ?? 1, interpolate: ui.interpolation };
  return (trackId) => {
    const track = doc.detections[trackId];
    const d = track ? detectionAtWith((f) => frameAt(track, f), frame, opts) : null;
    // an outside keyframe ends a drawn track: nothing is drawn there (nor held after it)
    return d && d.source !== 'outside' ? d : null;
  };
}
