// Draws one frame of the overlay (boxes, 'Track N' labels with confidence % and active action, skeleton
// lines, keypoints) straight onto a canvas context. One Konva.Shape calls this from its sceneFunc, so a
// frame costs one layer draw instead of thousands of node updates.
import { COCO_SKELETON } from '../../../domain/constants';
import type { ActionSegment } from '../../../domain/types';
import type { CompactDetection, EditorDoc } from '../document/types';
import { trackColor } from '../colors';

export interface OverlayItem { trackId: number; colorIndex: number; det: CompactDetection; action: string | null }
export interface OverlayToggleSet { boxes: boolean; skeletons: boolean; keypoints: boolean; confidence: boolean }
export interface OverlayStats { boxes: number; keypoints: number; lines: number; trackIds: number[] }

/** Minimum keypoint score to draw a point or a limb. */
export const KEYPOINT_MIN_SCORE = 0.2;

const segmentsCache = new WeakMap<readonly ActionSegment[], Map<number, ActionSegment[]>>();

/** Segments grouped by track (cached per segments array: recomputed only after an edit). */
export function segmentsByTrack(segments: readonly ActionSegment[]): Map<number, ActionSegment[]> {
  let m = segmentsCache.get(segments);
  if (!m) {
    m = new Map();
    for (const s of segments) { const list = m.get(s.track_id); if (list) list.push(s); else m.set(s.track_id, [s]); }
    segmentsCache.set(segments, m);
  }
  return m;
}

/** The action class active on a track at a time (the latest-starting one when several overlap). */
export function activeAction(list: ActionSegment[] | undefined, time: number): string | null {
  if (!list) return null;
  let best: ActionSegment | null = null;
  for (const s of list) if (s.start_time <= time && time < s.end_time && (!best || s.start_time > best.start_time)) best = s;
  return best ? best.action_class : null;
}

export function collectOverlay(doc: EditorDoc, time: number, hidden: readonly number[], shown: (trackId: number) => CompactDetection | null): OverlayItem[] {
  const items: OverlayItem[] = [];
  const byTrack = segmentsByTrack(doc.segments);
  const ids = doc.trackIds;
  for (let i = 0; i < ids.length; i++) {
    const trackId = ids[i];
    if (hidden.length && hidden.includes(trackId)) continue;
    const det = shown(trackId);
    if (det) items.push({ trackId, colorIndex: i, det, action: activeAction(byTrack.get(trackId), time) });
  }
  return items;
}

export function drawOverlay(ctx: CanvasRenderingContext2D, items: readonly OverlayItem[], width: number, height: number, t: OverlayToggleSet): OverlayStats {
  const stats: OverlayStats = { boxes: 0, keypoints: 0, lines: 0, trackIds: [] };
  const fontPx = Math.max(11, Math.round(height / 50));
  ctx.font = `600 ${fontPx}px system-ui, sans-serif`;
  ctx.textBaseline = 'bottom';
  ctx.lineJoin = 'round';
  const r = Math.max(2, height / 240);
  for (const it of items) {
    const { det } = it;
    const color = trackColor(it.colorIndex);
    stats.trackIds.push(it.trackId);
    const kp = det.keypoints;
    if (kp && t.skeletons) {
      ctx.beginPath();
      for (const [a, b] of COCO_SKELETON) {
        if (kp[a * 3 + 2] < KEYPOINT_MIN_SCORE || kp[b * 3 + 2] < KEYPOINT_MIN_SCORE) continue;
        ctx.moveTo(kp[a * 3] * width, kp[a * 3 + 1] * height);
        ctx.lineTo(kp[b * 3] * width, kp[b * 3 + 1] * height);
        stats.lines++;
      }
      ctx.strokeStyle = color; ctx.lineWidth = 2; ctx.stroke();
    }
    if (kp && t.keypoints) {
      ctx.beginPath();
      for (let j = 0; j < 17; j++) {
        if (!(kp[j * 3 + 2] >= KEYPOINT_MIN_SCORE)) continue;
        const x = kp[j * 3] * width; const y = kp[j * 3 + 1] * height;
        ctx.moveTo(x + r, y); ctx.arc(x, y, r, 0, Math.PI * 2);
        stats.keypoints++;
      }
      ctx.fillStyle = color; ctx.fill();
    }
    if (t.boxes) {
      const x = det.x1 * width; const y = det.y1 * height;
      const w = (det.x2 - det.x1) * width; const h = (det.y2 - det.y1) * height;
      ctx.strokeStyle = color; ctx.lineWidth = 2; ctx.strokeRect(x, y, w, h);
      let label = `Track ${it.trackId}`;
      if (t.confidence) label += ` ${Math.round(det.confidence * 100)}%`;
      if (it.action) label += ` ${it.action}`;
      const tw = ctx.measureText(label).width + 8;
      const ly = y > fontPx + 4 ? y : y + fontPx + 4;
      ctx.fillStyle = color; ctx.fillRect(x - 1, ly - fontPx - 4, tw, fontPx + 4);
      ctx.fillStyle = '#fff'; ctx.fillText(label, x + 3, ly - 2);
      stats.boxes++;
    }
  }
  return stats;
}
