// What the overlay's edit handles stand on, in video pixels: the box of every track shown at the frame
// (not hidden), and the joints of the selected one. The handles' drawing (handles-draw.ts) and the
// pointer hit-test (hit-test.ts) both read this one model, so what is drawn is what is hit.
import { DEFAULT_HEIGHT, DEFAULT_WIDTH } from '../../../domain/constants';
import type { Box } from '../../../domain/ops/box-geometry';
import { jointVisibility } from '../../../domain/overlay/detection';
import type { EditorDoc } from '../document/types';
import type { AnnotateUiState } from '../document/ui-state';
import { shownAt } from '../document/interpolate';

/** A joint handle: COCO index, position in video pixels, 2 visible or 1 occluded (absent joints have none). */
export interface JointHandle {
  index: number;
  x: number;
  y: number;
  visibility: 1 | 2;
}

export interface OverlayTrack {
  trackId: number;
  box: Box;
  joints: JointHandle[];
}

export interface OverlayModel {
  tracks: OverlayTrack[];
  selectedTrackId: number | null;
  selectedKeypoint: number | null;
}

/** The video size the edits use (the document's, else the defaults). */
export function videoSizeOf(doc: Pick<EditorDoc, 'info'>): { width: number; height: number } {
  return { width: doc.info.width || DEFAULT_WIDTH, height: doc.info.height || DEFAULT_HEIGHT };
}

export function overlayModel(doc: EditorDoc | null, ui: AnnotateUiState): OverlayModel {
  const model: OverlayModel = {
    tracks: [],
    selectedTrackId: ui.selectedTrackId,
    selectedKeypoint: ui.selectedKeypoint,
  };
  if (!doc) return model;
  const { width, height } = videoSizeOf(doc);
  const shown = shownAt(doc, ui, ui.frame);
  for (const trackId of doc.trackIds) {
    if (ui.hiddenTracks.includes(trackId)) continue;
    const d = shown(trackId);
    if (!d) continue;
    const joints: JointHandle[] = [];
    const k = d.keypoints;
    if (trackId === ui.selectedTrackId && ui.toggles.keypoints && k) {
      for (let i = 0; i < 17; i++) {
        const v = jointVisibility(d, i);
        if (v) joints.push({ index: i, x: k[i * 3] * width, y: k[i * 3 + 1] * height, visibility: v === 2 ? 2 : 1 });
      }
    }
    model.tracks.push({
      trackId,
      box: { x1: d.x1 * width, y1: d.y1 * height, x2: d.x2 * width, y2: d.y2 * height },
      joints,
    });
  }
  return model;
}
