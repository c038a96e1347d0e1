// Konva stage over the whole player box: an annotations layer whose single Shape draws the current
// frame from the editor's stores at the viewport's zoom and pan (boxes placed on the magnified picture,
// labels and keypoints at their fitted size), and in edit mode a handles layer (handles-draw.ts) at
// screen size. Neither layer listens: pointer input reaches the editor through ViewportSurface and
// editor.dispatch. Konva never owns state: the shapes redraw when the stores change.
import { useEffect, useRef } from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import type Konva from 'konva';
import { drawOverlayFrame } from '../canvas/overlay-frame';
import type { AnnotationEditor } from '../editor/annotation-editor';
import { useEditor } from '../editor/editor-context';
import { drawHandles } from '../canvas/handles-draw';
import { overlayModel } from '../canvas/overlay-model';

/** Pixel size of the stage (the player box) and of the video. */
export interface StageGeometry {
  width: number;
  height: number;
  videoWidth: number;
  videoHeight: number;
}

function drawCurrentFrame(editor: AnnotationEditor, ctx: CanvasRenderingContext2D): void {
  const started = performance.now();
  const doc = editor.getDoc();
  const ui = editor.getUi();
  const lastOverlay = editor.overlayStats;
  if (!doc) return;
  const stats = drawOverlayFrame(ctx, doc, ui, ui.frame, ui.time, {
    state: editor.viewport.get(),
    geo: editor.viewport.geometry(),
  });
  lastOverlay.frame = ui.frame;
  lastOverlay.stats = stats;
  lastOverlay.draws++;
  lastOverlay.drawMs = performance.now() - started;
  if (doc.windows.length) editor.timing.mark('overlay');
}

function drawEditHandles(editor: AnnotationEditor, ctx: CanvasRenderingContext2D): void {
  const ui = editor.getUi();
  if (ui.mode !== 'edit') return;
  drawHandles(ctx, overlayModel(editor.getDoc(), ui), (p) => editor.viewport.toScreen(p));
}

export function OverlayStage({ geometry }: { geometry: StageGeometry }) {
  const editor = useEditor();
  const layerRef = useRef<Konva.Layer>(null);
  const handlesRef = useRef<Konva.Layer>(null);
  const { width, height } = geometry;

  useEffect(() => {
    const redraw = () => {
      layerRef.current?.batchDraw();
      handlesRef.current?.batchDraw();
    };
    const offDoc = editor.doc.subscribe(redraw);
    const offView = editor.viewport.state.subscribe(redraw);
    const offUi = editor.ui.subscribe((s, prev) => {
      if (
        s.frame !== prev.frame ||
        s.time !== prev.time ||
        s.toggles !== prev.toggles ||
        s.hiddenTracks !== prev.hiddenTracks ||
        s.interpolation !== prev.interpolation
      )
        redraw();
      else if (
        s.mode !== prev.mode ||
        s.selectedTrackId !== prev.selectedTrackId ||
        s.selectedKeypoint !== prev.selectedKeypoint
      )
        handlesRef.current?.batchDraw();
    });
    redraw();
    return () => {
      offDoc();
      offView();
      offUi();
    };
  }, [editor]);

  // a new size: the viewport's geometry is already set (the player's layout effect), redraw at it
  useEffect(() => {
    layerRef.current?.batchDraw();
    handlesRef.current?.batchDraw();
  }, [width, height]);

  if (width <= 0 || height <= 0) return null;
  return (
    <Stage
      width={width}
      height={height}
      listening={false}
      data-testid="overlay.stage"
      className="absolute left-0 top-0"
    >
      <Layer ref={layerRef} listening={false}>
        <Shape
          listening={false}
          perfectDrawEnabled={false}
          shadowForStrokeEnabled={false}
          sceneFunc={(kctx) => drawCurrentFrame(editor, kctx._context)}
        />
      </Layer>
      <Layer ref={handlesRef} listening={false}>
        <Shape
          listening={false}
          perfectDrawEnabled={false}
          sceneFunc={(kctx) => drawEditHandles(editor, kctx._context)}
        />
      </Layer>
    </Stage>
  );
}
