// All pointer input of the player's overlay goes through editor.dispatch(event), in the manner of
// tldraw's editor.dispatch: the overlay element only turns DOM events into these, in viewport pixels.
// - The wheel zooms around the pointer (a pan running on continues from the zoomed view).
// - A press goes to the interaction machine's tool (machines/interaction.ts): hit-tested (hit-test.ts,
//   pure) into what it lands on — a corner, a joint, a box, the empty picture — or, for a middle-button
//   press or a left press while Space is held, a pan in any tool. Its moves and release come back through
//   dispatch and reach the machine in video pixels (converted through the viewport at that moment, so a
//   box dragged at any zoom lands where the pointer is) and in screen pixels (a pan follows those).
// - A right press on a joint selects it (the O key and the data panel act on it), even beside a corner.
import type { EditorCore } from '../editor/editor-core';
import { hitTest, jointAt, type OverlayHit } from '../canvas/hit-test';
import { overlayModel } from '../canvas/overlay-model';
import { wheelFactor, type Point } from '../canvas/viewport-math';
import { pressOverlay } from './press';

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
  constructor(private editor: EditorCore) {}

  /** What is under a viewport point now (the pure hit-test over the editor's state). */
  hitAt(p: Point, pointerType?: string): OverlayHit {
    const { viewport } = this.editor;
    const model = overlayModel(this.editor.getDoc(), this.editor.getUi());
    return hitTest(model, { state: viewport.get(), geo: viewport.geometry() }, p, { pointerType });
  }

  dispatch(e: CanvasEvent): CanvasOutcome {
    const { viewport, interaction } = this.editor;
    switch (e.type) {
      case 'wheel':
        viewport.zoomAt(e, viewport.get().zoom * wheelFactor(e.deltaY));
        if (this.panning()) viewport.startPan(e);
        return 'zoom';
      case 'pointer.down': {
        // a pan whose release never came (the pointer was lost) is over; a drag still running keeps the pointer
        if (this.panning()) interaction.send({ type: 'drag.cancel' });
        if (interaction.getSnapshot().context.down) return 'none';
        const space = e.button === 0 && this.editor.spaceHold.held;
        const pan = e.button === 1 || space;
        if (e.button !== 0 && !pan) return 'none';
        const v = viewport.toVideo(e);
        const press = { x: v.x, y: v.y, sx: e.x, sy: e.y, scale: viewport.scale(), pan };
        if (!pressOverlay(this.editor, pan ? { kind: 'empty' } : this.hitAt(e, e.pointerType), press)) return 'none';
        if (space) this.editor.spaceHold.markUsed();
        return this.panning() ? 'pan' : 'drag';
      }
      case 'pointer.move':
        if (!this.overlayPress()) return 'none';
        interaction.send({ type: 'pointer.move', ...viewport.toVideo(e), sx: e.x, sy: e.y });
        return this.panning() ? 'pan' : 'drag';
      case 'pointer.up': {
        if (!this.overlayPress()) return 'none';
        const outcome = this.panning() ? 'pan' : 'drag';
        interaction.send({ type: 'pointer.up' });
        return outcome;
      }
      case 'pointer.cancel': {
        if (!this.overlayPress()) return 'none';
        const outcome = this.panning() ? 'pan' : 'drag';
        interaction.send({ type: 'drag.cancel' });
        return outcome;
      }
      case 'menu': {
        if (this.editor.getUi().mode !== 'edit') return 'none';
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

  /** A pan is running (the element shows a grabbing cursor). */
  panning(): boolean {
    return this.editor.interaction.getSnapshot().matches({ pan: 'panning' });
  }

  /** A press of the overlay that the machine still runs (its moves come through dispatch, not a listener). */
  private overlayPress(): boolean {
    const down = this.editor.interaction.getSnapshot().context.down;
    return !!down && down.source === null;
  }
}
