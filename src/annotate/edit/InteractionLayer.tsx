// Edit-mode handles on the overlay: every box shown can be picked and moved, the selected box
// has four corner handles and draggable keypoints (an occluded joint's handle hollow, an absent joint
// none: the data panel's 'Missing joints' places it again). A press or right-click on a keypoint selects
// that joint, which the O key and the data panel's joint buttons act on. Konva holds these nodes only while editing. A press
// starts a drag in the editor's interaction machine (edit/drag-start.ts); the drag's preview is in the
// document (squashed onto the drag's mark), so the handles simply follow what is shown.
import { Circle, Group, Rect } from 'react-konva';
import type Konva from 'konva';
import type { Corner } from '../../../domain/ops/box-geometry';
import type { ToPoint } from '../../../machines/interaction';
import { useDoc, useEditor, useUi } from '../editor/editor-context';
import { shownAt } from '../interpolate';
import type { StageGeometry } from '../canvas/OverlayStage';
import { jointVisibility } from '../../../domain/overlay/detection';
import { KEYPOINT_MIN_SCORE } from '../canvas/overlay-draw';
import { pressBox, pressDraw, pressKeypoint, type OverlayPress } from './drag-start';

const HANDLE = 10;
const CORNERS: Corner[] = ['tl', 'tr', 'bl', 'br'];

export function InteractionLayer({ geo }: { geo: StageGeometry }) {
  const editor = useEditor();
  const mode = useUi((s) => s.mode);
  const frame = useUi((s) => s.frame);
  const selected = useUi((s) => s.selectedTrackId);
  const selectedJoint = useUi((s) => s.selectedKeypoint);
  const hidden = useUi((s) => s.hiddenTracks);
  const showKeypoints = useUi((s) => s.toggles.keypoints);
  const interpolate = useUi((s) => s.interpolation);
  const drawTool = useUi((s) => !!s.drawTool);
  const detections = useDoc((d) => d?.detections);
  const trackIds = useDoc((d) => d?.trackIds);
  const stride = useDoc((d) => d?.info.frame_stride ?? 1);
  const sx = geo.width / geo.videoWidth; const sy = geo.height / geo.videoHeight;

  if (mode !== 'edit' || !detections || !trackIds) return null;
  const shownOf = shownAt({ detections, info: { frame_stride: stride } }, { interpolation: interpolate }, frame);

  /** The press in video pixels; later window pointer events are read against the stage's rectangle. */
  const press = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent | PointerEvent>): OverlayPress | null => {
    e.cancelBubble = true;
    const stage = e.target.getStage();
    if (!stage) return null;
    const rect = stage.container().getBoundingClientRect();
    const p = stage.getPointerPosition() ?? { x: 0, y: 0 };
    const toPoint: ToPoint = (m) => ({ x: (m.clientX - rect.left) / sx, y: (m.clientY - rect.top) / sy });
    return { x: p.x / sx, y: p.y / sy, scale: sx, toPoint };
  };
  const onBox = (t: number, part: 'body' | Corner) => (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const p = press(e); if (p) pressBox(editor, t, part, p);
  };
  const onKeypoint = (t: number, i: number) => (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const p = press(e); if (p) pressKeypoint(editor, t, i, p);
  };
  const onJointMenu = (t: number, i: number) => (e: Konva.KonvaEventObject<PointerEvent>) => {
    e.evt.preventDefault(); e.cancelBubble = true;
    editor.updateUi({ selectedTrackId: t, selectedKeypoint: i });
  };

  // an empty area of the frame draws a box (pointer events: pen and touch draw too); with the 'New box'
  // tool on, this layer lies above the boxes so every press draws
  const onEmpty = (e: Konva.KonvaEventObject<PointerEvent>) => { const p = press(e); if (p) pressDraw(editor, p); };
  const drawArea = <Rect key="draw-area" name="draw-area" x={0} y={0} width={geo.width} height={geo.height} fill="rgba(0,0,0,0)" onPointerDown={onEmpty} />;
  const nodes = [drawTool ? null : drawArea];
  for (const t of trackIds) {
    if (hidden.includes(t)) continue;
    const shown = shownOf(t);
    if (!shown) continue;
    const box = { x1: shown.x1 * geo.width, y1: shown.y1 * geo.height, x2: shown.x2 * geo.width, y2: shown.y2 * geo.height };
    const isSel = t === selected;
    const k = shown.keypoints;
    nodes.push(
      <Group key={t}>
        <Rect name={`box-${t}`} x={box.x1} y={box.y1} width={box.x2 - box.x1} height={box.y2 - box.y1}
          fill="rgba(99,102,241,0.04)" stroke={isSel ? '#f59e0b' : undefined} strokeWidth={isSel ? 2 : 0} dash={[6, 4]}
          onMouseDown={onBox(t, 'body')} />
        {isSel && CORNERS.map((c) => (
          <Rect key={c} name={`handle-${c}`} width={HANDLE} height={HANDLE} fill="#f59e0b" stroke="#fff" strokeWidth={1}
            x={(c === 'tl' || c === 'bl' ? box.x1 : box.x2) - HANDLE / 2} y={(c === 'tl' || c === 'tr' ? box.y1 : box.y2) - HANDLE / 2}
            onMouseDown={onBox(t, c)} />
        ))}
        {isSel && showKeypoints && k && Array.from({ length: 17 }, (_, i) => {
          const v = jointVisibility(shown, i);
          if (!v) return null;
          const chosen = i === selectedJoint;
          return (
            <Circle key={i} name={`kp-${i}`} x={k[i * 3] * geo.width} y={k[i * 3 + 1] * geo.height} radius={chosen ? 8 : 6}
              fill={v === 2 ? '#fde047' : 'rgba(0,0,0,0.01)'} stroke={chosen ? '#f59e0b' : v === 2 ? '#111827' : '#fde047'} strokeWidth={v === 2 && !chosen ? 1 : 2.5}
              onMouseDown={onKeypoint(t, i)} onContextMenu={onJointMenu(t, i)} />
          );
        })}
      </Group>,
    );
  }
  if (drawTool) nodes.push(drawArea);
  return <>{nodes}</>;
}
