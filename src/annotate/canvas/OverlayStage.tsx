// Konva stage over the video: an annotations layer (listening:false) whose single Shape draws the
// current frame from the editor's stores, and an interaction layer with the edit-mode handles
// (edit/InteractionLayer). Konva never owns state: the shape redraws when the stores change.
import { shownAt } from '../interpolate';
import { useEffect, useRef } from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import type Konva from 'konva';
import { collectOverlay, drawOverlay } from './overlay-draw';
import type { AnnotationEditor } from '../editor/AnnotationEditor';
import { useEditor } from '../editor/editor-context';
import { InteractionLayer } from '../edit/InteractionLayer';

/** Pixel geometry of the overlay stage: detections are fractions, multiply by width/height. */
export interface StageGeometry { width: number; height: number; videoWidth: number; videoHeight: number }

function drawCurrentFrame(editor: AnnotationEditor, ctx: CanvasRenderingContext2D, width: number, height: number): void {
  const started = performance.now();
  const doc = editor.getDoc();
  const ui = editor.getUi();
  const lastOverlay = editor.overlayStats;
  if (!doc) return;
  const items = collectOverlay(doc, ui.time, ui.hiddenTracks, shownAt(doc, ui, ui.frame));
  const stats = drawOverlay(ctx, items, width, height, ui.toggles);
  lastOverlay.frame = ui.frame;
  lastOverlay.stats = stats;
  lastOverlay.draws++;
  lastOverlay.drawMs = performance.now() - started;
  if (doc.windows.length) editor.timing.mark('overlay');
}

export function OverlayStage({ geometry }: { geometry: StageGeometry }) {
  const editor = useEditor();
  const layerRef = useRef<Konva.Layer>(null);
  const { width, height } = geometry;

  useEffect(() => {
    const redraw = () => layerRef.current?.batchDraw();
    const offDoc = editor.doc.subscribe(redraw);
    const offUi = editor.ui.subscribe((s, prev) => {
      if (s.frame !== prev.frame || s.time !== prev.time || s.toggles !== prev.toggles || s.hiddenTracks !== prev.hiddenTracks || s.interpolation !== prev.interpolation) redraw();
    });
    redraw();
    return () => { offDoc(); offUi(); };
  }, [editor]);

  if (width <= 0 || height <= 0) return null;
  return (
    <Stage width={width} height={height} data-testid="overlay.stage" className="absolute left-0 top-0" style={{ pointerEvents: 'auto' }}>
      <Layer ref={layerRef} listening={false}>
        <Shape
          listening={false}
          perfectDrawEnabled={false}
          shadowForStrokeEnabled={false}
          sceneFunc={(kctx) => drawCurrentFrame(editor, kctx._context, width, height)}
        />
      </Layer>
      <Layer><InteractionLayer geo={geometry} /></Layer>
    </Stage>
  );
}
