// Edit-mode handles on the overlay: every box shown can be picked and moved, the selected box
// has four corner handles and draggable keypoints. Konva holds these nodes only while editing; the drag
// itself is the interaction machine's (preview drawn here), and its end commits one command.
import { useEffect, useRef } from 'react';
import { Circle, Group, Rect } from 'react-konva';
import type Konva from 'konva';
import { useSelector } from '@xstate/react';
import { useDoc } from '../document/store';
import { setUi, useUi } from '../document/ui-store';
import { shownAt } from '../interpolate';
import type { StageGeometry } from '../slots';
import type { Corner } from '../../../domain/ops/box-geometry';
import type { CompactDetection } from '../document/types';
import type { DragTarget } from '../../../machines/interaction';
import { KEYPOINT_MIN_SCORE } from '../canvas/overlay-draw';
import { endDrag, interaction, moveDrag, startDrag } from './interaction-host';

const HANDLE = 10;
const CORNERS: Corner[] = ['tl', 'tr', 'bl', 'br'];

export function InteractionLayer({ geo }: { geo: StageGeometry }) {
  const mode = useUi((s) => s.mode);
  const frame = useUi((s) => s.frame);
  const selected = useUi((s) => s.selectedTrackId);
  const hidden = useUi((s) => s.hiddenTracks);
  const toggles = useUi((s) => s.toggles);
  const interpolate = useUi((s) => s.interpolation);
  const detections = useDoc((d) => d?.detections);
  const trackIds = useDoc((d) => d?.trackIds);
  const stride = useDoc((d) => d?.info.frame_stride ?? 1);
  const preview = useSelector(interaction, (s) => s.context.preview);
  const target = useSelector(interaction, (s) => s.context.target);
  const rectRef = useRef<DOMRect | null>(null);
  const sx = geo.width / geo.videoWidth; const sy = geo.height / geo.videoHeight;

  // While a drag runs, the window follows the pointer (it may leave the stage).
  useEffect(() => {
    const toVideo = (e: PointerEvent) => {
      const r = rectRef.current!;
      return [(e.clientX - r.left) / sx, (e.clientY - r.top) / sy] as const;
    };
    const onMove = (e: PointerEvent) => { if (rectRef.current) moveDrag(...toVideo(e)); };
    const onUp = () => { if (rectRef.current) { rectRef.current = null; endDrag(); } };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    return () => { window.removeEventListener('pointermove', onMove); window.removeEventListener('pointerup', onUp); };
  }, [sx, sy]);

  if (mode !== 'edit' || !detections || !trackIds) return null;
  const shownOf = shownAt({ detections, info: { frame_stride: stride } }, { interpolation: interpolate }, frame);

  const begin = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>, t: DragTarget, shown: CompactDetection) => {
    e.cancelBubble = true;
    const stage = e.target.getStage();
    if (!stage) return;
    rectRef.current = stage.container().getBoundingClientRect();
    const p = stage.getPointerPosition() ?? { x: 0, y: 0 };
    if ('trackId' in t) setUi({ selectedTrackId: t.trackId });
    startDrag(t, p.x / sx, p.y / sy, {
      grid: toggles.snapGrid, size: { width: geo.videoWidth, height: geo.videoHeight }, threshold: 3 / sx,
    }, frame, shown);
  };

  const px = (d: { x1: number; y1: number; x2: number; y2: number }) =>
    ({ x1: d.x1 * geo.videoWidth, y1: d.y1 * geo.videoHeight, x2: d.x2 * geo.videoWidth, y2: d.y2 * geo.videoHeight });

  const nodes = [];
  for (const t of trackIds) {
    if (hidden.includes(t)) continue;
    const shown = shownOf(t);
    if (!shown) continue;
    const dragging = target && 'trackId' in target && target.trackId === t ? preview : null;
    const box = dragging?.kind === 'box' ? dragging.box : px(shown);
    const isSel = t === selected;
    nodes.push(
      <Group key={t}>
        <Rect name={`box-${t}`} x={box.x1 * sx} y={box.y1 * sy} width={(box.x2 - box.x1) * sx} height={(box.y2 - box.y1) * sy}
          fill="rgba(99,102,241,0.04)" stroke={isSel ? '#f59e0b' : undefined} strokeWidth={isSel ? 2 : 0} dash={[6, 4]}
          onMouseDown={(e) => begin(e, { kind: 'box', trackId: t, box: px(shown) }, shown)} />
        {isSel && CORNERS.map((c) => (
          <Rect key={c} name={`handle-${c}`} width={HANDLE} height={HANDLE} fill="#f59e0b" stroke="#fff" strokeWidth={1}
            x={(c === 'tl' || c === 'bl' ? box.x1 : box.x2) * sx - HANDLE / 2} y={(c === 'tl' || c === 'tr' ? box.y1 : box.y2) * sy - HANDLE / 2}
            onMouseDown={(e) => begin(e, { kind: 'corner', trackId: t, box: px(shown), corner: c }, shown)} />
        ))}
        {isSel && toggles.keypoints && shown.keypoints && Array.from({ length: 17 }, (_, i) => {
          const k = shown.keypoints!;
          if (!(k[i * 3 + 2] >= KEYPOINT_MIN_SCORE)) return null;
          const moving = dragging?.kind === 'keypoint' && target?.kind === 'keypoint' && target.index === i;
          const x = moving ? dragging.x : k[i * 3] * geo.videoWidth;
          const y = moving ? dragging.y : k[i * 3 + 1] * geo.videoHeight;
          return (
            <Circle key={i} name={`kp-${i}`} x={x * sx} y={y * sy} radius={6} fill="#fde047" stroke="#111827" strokeWidth={1}
              onMouseDown={(e) => begin(e, { kind: 'keypoint', trackId: t, index: i, x: k[i * 3] * geo.videoWidth, y: k[i * 3 + 1] * geo.videoHeight }, shown)} />
          );
        })}
      </Group>,
    );
  }
  return <>{nodes}</>;
}
