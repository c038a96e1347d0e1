// A small editor document for command/history tests: tracks 1 and 2, two segments, 10 s at 30 fps.
import type { CompactDetection, EditorDoc } from '../../src/annotate/document/types';
import type { ActionSegment } from '../../domain/types';
import { toBlocked } from '../../src/annotate/document/frame-blocks';

export const det = (x1: number, kp = 0.2): CompactDetection => ({
  x1,
  y1: 0.1,
  x2: x1 + 0.2,
  y2: 0.5,
  confidence: 0.9,
  keypoints: new Float32Array(51).fill(kp),
  source: 'ai',
});

export const seg = (id: number, track: number, start: number, end: number): ActionSegment => ({
  id,
  track_id: track,
  action_class: 'run',
  start_time: start,
  end_time: end,
  confidence: 0.8,
  human_verified: false,
  version: 1,
});

export function sampleDoc(): EditorDoc {
  return {
    videoId: 7,
    info: {
      id: 7,
      filename: 'clip.mp4',
      width: 1280,
      height: 720,
      fps: 30,
      duration: 10,
      total_frames: 300,
      frame_stride: 1,
    },
    trackIds: [1, 2],
    trackRanges: { 1: { first: 0, last: 2 }, 2: { first: 2, last: 3 } },
    segments: [seg(11, 1, 0, 2), seg(12, 2, 3, 4)],
    relationships: [],
    detections: {
      1: toBlocked({ 0: det(0.1), 1: det(0.11), 2: det(0.12) }),
      2: toBlocked({ 2: det(0.5, 0.6), 3: det(0.52, 0.6) }),
    },
    windows: [{ from: 0, to: 300 }],
  };
}
