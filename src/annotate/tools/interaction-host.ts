// The interaction machine with the editor's side of each tool provided: the history (mark, squash, bail,
// commit), the selection a press makes or Escape / a click on the empty picture clears, the timeline's
// click (a seek) and the viewport's pan. A committed drawing selects the new box's track and asks the pose
// assist for its skeleton; a dragged new action is created by the server first.
import { createActor } from 'xstate';
import { interactionMachine } from '../../../machines/interaction';
import type { DragEdit, DragTarget } from '../../../machines/interaction-types';
import type { EditorCore } from '../editor/editor-core';
import { fillDrawnSkeleton } from './draw-assist';
import { createSegment } from './segment-create';

/** What a press selects: the box's track (and its joint), the bar, or the row's track. */
function selectTarget(editor: EditorCore, t: DragTarget): void {
  switch (t.kind) {
    case 'box':
    case 'corner':
      editor.updateUi({ selectedTrackId: t.trackId, selectedKeypoint: null });
      return;
    case 'keypoint':
      editor.updateUi({ selectedTrackId: t.trackId, selectedKeypoint: t.index });
      return;
    case 'segment':
    case 'segmentEdge':
      editor.updateUi({ selectedSegmentId: t.segmentId, selectedTrackId: t.trackId });
      return;
    case 'segmentNew':
      editor.updateUi({ selectedTrackId: t.trackId, selectedSegmentId: null });
      return;
    case 'canvas':
      return;
  }
}

export function createInteraction(editor: EditorCore) {
  let lastDragEdit: DragEdit | null = null;
  return createActor(
    interactionMachine.provide({
      actions: {
        mark: () => editor.history.mark(),
        squash: (_, edit) => {
          lastDragEdit = edit;
          editor.history.squash(edit.name, edit.args as never);
        },
        bail: () => {
          lastDragEdit = null;
          editor.history.bail();
        },
        commit: () => {
          const edit = lastDragEdit;
          lastDragEdit = null;
          // a new action needs the server's id first: the preview goes, the saved action comes back as the edit
          if (edit?.name === 'segment.create') {
            editor.history.bail();
            const { id: _draftId, ...fields } = edit.args.segment;
            void createSegment(editor, fields, { command: 'segment.create', select: true });
            return;
          }
          if (editor.history.commit() && edit?.name === 'box.draw') {
            editor.updateUi({ selectedTrackId: edit.args.trackId, selectedKeypoint: null });
            void fillDrawnSkeleton(editor, edit.args);
          }
        },
        select: (_, target) => selectTarget(editor, target),
        deselect: () => editor.updateUi({ selectedTrackId: null, selectedSegmentId: null, selectedKeypoint: null }),
        click: (_, target) => {
          if (target.kind === 'segment' || target.kind === 'segmentEdge')
            void editor.player.seekTime(target.span.start);
          if (target.kind === 'segmentNew') void editor.player.seekTime(target.at);
        },
        panStart: (_, at) => editor.viewport.startPan(at),
        panMove: (_, to) => editor.viewport.movePan(to),
      },
    }),
  ).start();
}
