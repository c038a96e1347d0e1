// The overlay's drawing lives in domain/overlay/draw.ts, shared with the server's renderer, so the
// rendered video and the editor draw the same boxes, labels, skeletons and keypoints.
export {
  activeAction,
  collectOverlay,
  drawOverlay,
  segmentsByTrack,
  type OverlayStats,
} from '../../../domain/overlay/draw';
