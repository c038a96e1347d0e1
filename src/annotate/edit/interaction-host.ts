// Runs the interaction machine for the overlay and the timeline, and turns its one 'commit' per drag into
// one undoable command. Timeline drags preview through the document (so the bar follows the pointer) and
// take the preview back before the command, so undo returns to where the drag started.
import { createActor } from 'xstate';
import { applyPatches, produceWithPatches, type Patch } from 'immer';
import { interactionMachine, type DragOptions, type DragPreview, type DragTarget } from '../../../machines/interaction';
import { toFractions } from '../../../domain/ops/box-geometry';
import { getDoc, replaceDoc } from '../document/store';
import type { CompactDetection } from '../document/types';
import { history } from './edit-session';
import '../commands/registry'; // enables immer patches

export const interaction = createActor(interactionMachine).start();

/** What a commit needs beyond the machine's target: the frame and the detection shown at pointer down. */
let dragFrame = 0;
let dragShown: CompactDetection | null = null;
let previewInverse: Patch[] | null = null;

export function startDrag(target: DragTarget, x: number, y: number, options: DragOptions, frame = 0, shown: CompactDetection | null = null): void {
  dragFrame = frame; dragShown = shown;
  interaction.send({ type: 'pointer.down', target, x, y, options });
}
export const moveDrag = (x: number, y: number) => interaction.send({ type: 'pointer.move', x, y });
export const endDrag = () => interaction.send({ type: 'pointer.up' });
export const cancelDrag = () => interaction.send({ type: 'key.escape' });

/** Shows a dragged bar where it would land, outside the history (a 'drag-preview', not an edit). */
function previewSpan(segmentId: number, preview: DragPreview | null): void {
  let doc = getDoc();
  if (!doc) return;
  if (previewInverse) { doc = applyPatches(doc, previewInverse); previewInverse = null; }
  if (preview?.kind === 'span') {
    const [next, , inverse] = produceWithPatches(doc, (d) => {
      const s = d.segments.find((x) => x.id === segmentId);
      if (s) { s.start_time = preview.span.start; s.end_time = preview.span.end; }
    });
    previewInverse = inverse;
    doc = next;
  }
  replaceDoc(doc, 'drag-preview');
}

interaction.subscribe((snap) => {
  const t = snap.context.target;
  if (t && (t.kind === 'segment' || t.kind === 'segmentEdge')) previewSpan(t.segmentId, snap.context.preview);
});

interaction.on('cancel', (e) => {
  if (e.target.kind === 'segment' || e.target.kind === 'segmentEdge') previewSpan(e.target.segmentId, null);
});

interaction.on('commit', ({ target, preview }) => {
  const doc = getDoc();
  if (!doc) return;
  if ((target.kind === 'segment' || target.kind === 'segmentEdge') && preview.kind === 'span') {
    previewSpan(target.segmentId, null);
    history.perform(target.kind === 'segment' ? 'segment.move' : 'segment.resize', {
      id: target.segmentId, changes: { start_time: preview.span.start, end_time: preview.span.end },
    });
    return;
  }
  if (!dragShown) return;
  const size = { width: doc.info.width, height: doc.info.height };
  if (preview.kind === 'box' && (target.kind === 'box' || target.kind === 'corner')) {
    history.perform(target.kind === 'box' ? 'box.move' : 'box.resize', {
      trackId: target.trackId, frame: dragFrame, box: toFractions(preview.box, size), shown: dragShown,
    });
  } else if (preview.kind === 'keypoint' && target.kind === 'keypoint') {
    history.perform('keypoint.move', {
      trackId: target.trackId, frame: dragFrame, index: target.index, x: preview.x / size.width, y: preview.y / size.height, shown: dragShown,
    });
  }
});
