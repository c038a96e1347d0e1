// Konva stage over the video: an annotations layer (listening:false) whose single Shape draws the
// current frame from the stores, and an interaction layer where the edit side mounts handles
// (EditSlots.renderInteraction). Konva never owns state: the shape redraws when the stores change.
import { shownAt } from '../interpolate';
import { useEffect, useRef } from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import type Konva from 'konva';
import { getDoc, subscribe } from '../document/store';
import { getUi, subscribeUi } from '../document/ui-store';
import { collectOverlay, drawOverlay } from './overlay-draw';
import { lastOverlay } from './overlay-stats';
import type { StageGeometry } from '../slots';
import { useEditSlots } from '../use-edit-slots';
import { loadTiming } from '../loader/load-timing';

function drawCurrentFrame(ctx: CanvasRenderingContext2D, width: number, height: number): void {
  const started = performance.now();
  const doc = getDoc();
  const ui = getUi();
  if (!doc) return;
  const items = collectOverlay(doc, ui.time, ui.hiddenTracks, shownAt(doc, ui, ui.frame));
  const stats = drawOverlay(ctx, items, width, height, ui.toggles);
  lastOverlay.frame = ui.frame;
  lastOverlay.stats = stats;
  lastOverlay.draws++;
  lastOverlay.drawMs = performance.now() - started;
  if (doc.windows.length) loadTiming.mark('overlay');
}

export function OverlayStage({ geometry }: { geometry: StageGeometry }) {
  const layerRef = useRef<Konva.Layer>(null);
  const slots = useEditSlots();
  const { width, height } = geometry;

  useEffect(() => {
    const redraw = () => layerRef.current?.batchDraw();
    const offDoc = subscribe(redraw);
    const offUi = subscribeUi((s, prev) => {
      if (s.frame !== prev.frame || s.time !== prev.time || s.toggles !== prev.toggles || s.hiddenTracks !== prev.hiddenTracks || s.interpolation !== prev.interpolation) redraw();
    });
    redraw();
    return () => { offDoc(); offUi(); };
  }, []);

  if (width <= 0 || height <= 0) return null;
  return (
    <Stage width={width} height={height} data-testid="overlay.stage" className="absolute left-0 top-0" style={{ pointerEvents: slots.renderInteraction ? 'auto' : 'none' }}>
      <Layer ref={layerRef} listening={false}>
        <Shape
          listening={false}
          perfectDrawEnabled={false}
          shadowForStrokeEnabled={false}
          sceneFunc={(kctx) => drawCurrentFrame(kctx._context, width, height)}
        />
      </Layer>
      <Layer>{slots.renderInteraction?.(geometry)}</Layer>
    </Stage>
  );
}
