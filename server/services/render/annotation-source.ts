// The saved annotations of one video as the renderer draws them, frame by frame: every track (coloured
// by its id, as in the editor), the action segments, and the detections
// read from the database in windows of frames (never the whole set at once), with the next window read
// while the current one is drawn. Which box a track has at a frame is the shared rule (trackBoxAt).
import type { Database } from '../../db/connect';
import { listDetectionWindow, listSegments, listTrackRanges } from '../../repositories/annotations';
import { detectionAt, type CompactDetection, type TrackFrames } from '../../../domain/overlay/detection';
import { collectOverlay, type OverlayItem } from '../../../domain/overlay/draw';
import { WINDOW_SOURCE } from '../../../domain/detection-window';

const WINDOW_FRAMES = 600;

interface LoadedWindow {
  from: number;
  to: number;
  detections: Map<number, TrackFrames>;
}
type Segment = { track_id: number; start_time: number; end_time: number; action_class: string };

export class RenderAnnotations {
  private current: LoadedWindow | null = null;
  private next: Promise<LoadedWindow> | null = null;

  private constructor(
    private readonly database: Database,
    private readonly videoId: number,
    readonly trackIds: number[],
    readonly segments: Segment[],
    private readonly stride: number,
    private readonly interpolate: boolean,
  ) {}

  static async load(
    database: Database,
    videoId: number,
    opts: { stride: number; interpolate: boolean },
  ): Promise<RenderAnnotations> {
    const tracks = await listTrackRanges(database.sql, videoId);
    const segments = (await listSegments(database.db, videoId)).map((s) => ({
      track_id: s.trackId,
      start_time: s.startTime,
      end_time: s.endTime,
      action_class: s.actionClass,
    }));
    return new RenderAnnotations(
      database,
      videoId,
      tracks.map((t) => t.track_id),
      segments,
      Math.max(1, opts.stride),
      opts.interpolate,
    );
  }

  /** Detections of frames [from, to) plus `stride` frames either side, which interpolation looks at. */
  private async readWindow(from: number): Promise<LoadedWindow> {
    const to = from + WINDOW_FRAMES;
    const rows = await listDetectionWindow(
      this.database,
      this.videoId,
      Math.max(0, from - this.stride),
      to + this.stride,
    );
    const detections = new Map<number, TrackFrames>();
    for (const r of rows) {
      let frames = detections.get(r.track_id);
      if (!frames) detections.set(r.track_id, (frames = {}));
      const det: CompactDetection = {
        x1: r.x1,
        y1: r.y1,
        x2: r.x2,
        y2: r.y2,
        confidence: r.confidence,
        keypoints: r.keypoints ? Float32Array.from(r.keypoints as ArrayLike<number>) : null,
        // an outside keyframe is kept: the shared rule draws nothing there, nor fills towards it
        source: r.source === WINDOW_SOURCE.outside ? 'outside' : r.human ? 'human' : 'ai',
        visibility: r.keypoint_visibility ? Uint8Array.from(r.keypoint_visibility) : null,
      };
      frames[r.frame] = det;
    }
    return { from, to, detections };
  }

  /** What to draw on `frame` (at `time` seconds): the same selection as the editor's overlay. */
  async itemsAt(frame: number, time: number): Promise<OverlayItem[]> {
    if (!this.trackIds.length) return [];
    if (!this.current || frame < this.current.from || frame >= this.current.to) {
      const start = Math.floor(frame / WINDOW_FRAMES) * WINDOW_FRAMES;
      const pending = this.next;
      this.next = null;
      const prefetched = pending ? await pending : null;
      this.current = prefetched && prefetched.from === start ? prefetched : await this.readWindow(start);
      this.next = this.readWindow(start + WINDOW_FRAMES);
      this.next.catch(() => {}); // a failed prefetch is read again when needed
    }
    const win = this.current;
    const opts = { stride: this.stride, interpolate: this.interpolate };
    return collectOverlay(this, time, [], (trackId) => detectionAt(win.detections.get(trackId), frame, opts));
  }
}
