// The player's zoom and pan, as editor state (editor.viewport). The video element's transform, the
// overlay and the handles read it; Konva never owns it. The player tells it the box and video sizes
// (setGeometry); pointer input changes it through editor.dispatch (tools/canvas-input.ts) and the Fit / 1:1
// buttons. Each video's zoom and pan are kept in sessionStorage, so a reload shows the same view.
import { Store } from '../store';
import {
  FIT,
  clampPan,
  fitScale,
  oneToOne,
  sanitize,
  toScreen,
  toVideo,
  zoomAt,
  type Point,
  type ViewGeometry,
  type ViewportState,
} from './viewport-math';

/** Where the views are kept (sessionStorage in the browser; tests pass a map). */
export interface ViewStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const storageKey = (videoId: number) => `vat.viewport.${videoId}`;

function browserStorage(): ViewStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export class Viewport {
  readonly state = new Store<ViewportState>(FIT);
  private geo: ViewGeometry = { boxW: 0, boxH: 0, videoW: 0, videoH: 0 };
  private videoId: number | null = null;
  /** A stored view read before the player had a size: applied (made safe) once it has one. */
  private restored: Partial<ViewportState> | null = null;
  /** A running pan drag: the screen point it follows from and the pan there. */
  private panAnchor: { from: Point; panX: number; panY: number } | null = null;

  constructor(private storage: ViewStorage | null = browserStorage()) {
    this.state.subscribe((v) => this.save(v));
  }

  get(): ViewportState {
    return this.state.get();
  }
  geometry(): ViewGeometry {
    return this.geo;
  }
  /** Screen pixels per video pixel now. */
  scale(): number {
    return fitScale(this.geo) * this.state.get().zoom;
  }
  toScreen(p: Point): Point {
    return toScreen(this.state.get(), this.geo, p);
  }
  toVideo(p: Point): Point {
    return toVideo(this.state.get(), this.geo, p);
  }

  /** The player's box and the video's size; the view is kept within the new limits. */
  setGeometry(g: ViewGeometry): void {
    const same =
      g.boxW === this.geo.boxW &&
      g.boxH === this.geo.boxH &&
      g.videoW === this.geo.videoW &&
      g.videoH === this.geo.videoH;
    if (same) return;
    this.geo = g;
    if (g.boxW <= 0 || g.boxH <= 0) return;
    const from = this.restored ?? this.state.get();
    this.restored = null;
    this.state.set(sanitize(from, g));
  }

  /** Another video opens: its stored view, else 'fit'. */
  openVideo(videoId: number): void {
    this.videoId = videoId;
    let stored: Partial<ViewportState> | null;
    try {
      stored = JSON.parse(this.storage?.getItem(storageKey(videoId)) ?? 'null');
    } catch {
      stored = null;
    }
    if (this.geo.boxW > 0 && this.geo.boxH > 0) {
      this.restored = null;
      this.state.set(sanitize(stored, this.geo));
    } else {
      this.restored = stored;
      this.state.set(FIT);
    }
  }

  /** Zoom to `zoom` (× fit, clamped) keeping the video point under screen point `at` in place. */
  zoomAt(at: Point, zoom: number): void {
    this.state.set(zoomAt(this.state.get(), this.geo, at, zoom));
  }
  /** Pan by a screen offset (clamped so the picture cannot leave the viewport). */
  panBy(dx: number, dy: number): void {
    const v = this.state.get();
    this.state.set(clampPan({ zoom: v.zoom, panX: v.panX + dx, panY: v.panY + dy }, this.geo));
  }
  /** Pan to an absolute offset (a drag that started at `from`). */
  panTo(panX: number, panY: number): void {
    this.state.set(clampPan({ zoom: this.state.get().zoom, panX, panY }, this.geo));
  }
  /** A pan drag starts (or, after the wheel zoomed under it, continues) from screen point `at`. */
  startPan(at: Point): void {
    const v = this.state.get();
    this.panAnchor = { from: { x: at.x, y: at.y }, panX: v.panX, panY: v.panY };
  }
  /** The pan drag's pointer is at screen point `to`: the picture follows it. */
  movePan(to: Point): void {
    const a = this.panAnchor;
    if (a) this.panTo(a.panX + to.x - a.from.x, a.panY + to.y - a.from.y);
  }
  fit(): void {
    this.state.set(FIT);
  }
  oneToOne(): void {
    this.state.set(oneToOne(this.state.get(), this.geo));
  }

  private save(v: ViewportState): void {
    if (this.videoId === null || this.restored) return;
    try {
      this.storage?.setItem(storageKey(this.videoId), JSON.stringify(v));
    } catch {
      /* storage full or denied: the view is simply not kept */
    }
  }
}
