// All pointer input of the player's overlay goes through editor.dispatch(event), in the manner of
// tldraw's editor.dispatch: the overlay element only turns DOM events into these, in viewport pixels.
// - The wheel zooms around the pointer.
// - A middle-button drag, a drag while Space is held, or a left drag with the hand tool pans.
// - In edit mode a left press is hit-tested (hit-test.ts, pure) and starts the interaction machine's
//   drag on what it hit: a corner, a joint, a box, or a draw on the empty picture. The drag's moves and
//   release come back through dispatch and reach the machine in video pixels, converted through the
//   viewport at that moment, so a box dragged at any zoom lands where the pointer is.
// - A right press on a joint selects it (the O key and the data panel act on it), even beside a corner.
import type { EditorCore } from '../editor/editor-core';
import { pressBox, pressDraw, pressKeypoint, type OverlayPress } from '../edit/drag-start';
import { hitTest, jointAt, type OverlayHit } from './hit-test';
import { overlayModel } from './overlay-model';
import { wheelFactor, type Point } from './viewport-math';

export type CanvasEvent =
  | { type: 'pointer.down'; x: number; y: number; button: number; pointerType?: string }
  | { type: 'pointer.move'; x: number; y: number }
  | { type: 'pointer.up'; x: number; y: number }
  /** The browser took the pointer away (a pan ends, a drag goes back to where it started). */
  | { type: 'pointer.cancel' }
  | { type: 'wheel'; x: number; y: number; deltaY: number }
  /** The context menu's press (right button): selects the joint under it. */
  | { type: 'menu'; x: number; y: number };

/** What an event did; the element captures the pointer for a pan or a drag and prevents the default of the others it handled. */
export type CanvasOutcome = 'pan' | 'drag' | 'zoom' | 'select' | 'none';

export class CanvasInput {
  private pan: { from: Point; panX: number; panY: number } | null = null;
  /** A drag started here: its moves and release go to the interaction machine. */
  private drag = false;

  constructor(private editor: EditorCore) {}

  /** A pan is running (the element shows a grabbing cursor). */
  get panning(): boolean {
    return this.pan !== null;
  }

  /** What is under a viewport point now (the pure hit-test over the editor's state). */
  hitAt(p: Point, pointerType?: string): OverlayHit {
    const { viewport } = this.editor;
    const model = overlayModel(this.editor.getDoc(), this.editor.getUi());
    return hitTest(model, { state: viewport.get(), geo: viewport.geometry() }, p, { pointerType });
  }

  dispatch(e: CanvasEvent): CanvasOutcome {
    const { viewport } = this.editor;
    switch (e.type) {
      case 'wheel':
        viewport.zoomAt(e, viewport.get().zoom * wheelFactor(e.deltaY));
        // a pan running on: it continues from the zoomed view
        if (this.pan) this.startPan(e);
        return 'zoom';
      case 'pointer.down': {
        if (this.dragRunning()) return 'none';
        this.pan = null; // a pan whose release never came (the pointer was lost) is over
        const space = e.button === 0 && this.editor.spaceHold.held;
        if (e.button === 1 || space || (e.button === 0 && viewport.hand.get())) {
          if (space) this.editor.spaceHold.markUsed();
          this.startPan(e);
          return 'pan';
        }
        if (e.button !== 0 || this.editor.getUi().mode !== 'edit') return 'none';
        this.drag = this.press(e, this.hitAt(e, e.pointerType));
        return this.drag ? 'drag' : 'none';
      }
      case 'pointer.move':
        if (this.pan) {
          viewport.panTo(this.pan.panX + e.x - this.pan.from.x, this.pan.panY + e.y - this.pan.from.y);
          return 'pan';
        }
        if (!this.dragRunning()) return 'none';
        this.editor.interaction.send({ type: 'pointer.move', ...viewport.toVideo(e) });
        return 'drag';
      case 'pointer.up':
        if (this.pan) {
          this.pan = null;
          return 'pan';
        }
        if (!this.dragRunning()) return 'none';
        this.drag = false;
        this.editor.interaction.send({ type: 'pointer.up' });
        return 'drag';
      case 'pointer.cancel':
        if (this.pan) {
          this.pan = null;
          return 'pan';
        }
        if (!this.dragRunning()) return 'none';
        this.drag = false;
        this.editor.cancelDrag();
        return 'drag';
      case 'menu': {
        if (this.editor.getUi().mode !== 'edit') return 'none';
        const { viewport } = this.editor;
        const hit = jointAt(
          overlayModel(this.editor.getDoc(), this.editor.getUi()),
          { state: viewport.get(), geo: viewport.geometry() },
          e,
        );
        if (!hit) return 'none';
        this.editor.updateUi({ selectedTrackId: hit.trackId, selectedKeypoint: hit.index });
        return 'select';
      }
    }
  }

  private startPan(at: Point): void {
    const v = this.editor.viewport.get();
    this.pan = { from: { x: at.x, y: at.y }, panX: v.panX, panY: v.panY };
  }

  /** A drag of this element that the machine still runs (Escape or a video switch may have ended it). */
  private dragRunning(): boolean {
    if (this.drag && this.editor.interaction.getSnapshot().matches('idle')) this.drag = false;
    return this.drag;
  }

  /** Starts the interaction machine's drag on what was hit; its later events come from dispatch (no listener). */
  private press(at: Point, hit: OverlayHit): boolean {
    const { viewport } = this.editor;
    const v = viewport.toVideo(at);
    const press: OverlayPress = {
      x: v.x,
      y: v.y,
      scale: viewport.scale(),
      toPoint: (m) => viewport.toVideo({ x: m.clientX, y: m.clientY }),
      source: null,
    };
    if (hit.kind === 'outside') return false;
    if (this.editor.getUi().drawTool || hit.kind === 'empty') return pressDraw(this.editor, press);
    if (hit.kind === 'corner') return pressBox(this.editor, hit.trackId, hit.corner, press);
    if (hit.kind === 'keypoint') return pressKeypoint(this.editor, hit.trackId, hit.index, press);
    return pressBox(this.editor, hit.trackId, 'body', press);
  }
}
