// 'Merge Tracks' and 'Track Deletion Confirmation'. Both ask the server first (one
// transaction there), then apply the same edit to the document as one undoable command.
import { useEffect, useState } from 'react';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';
import { mergeProblem } from '../../../domain/ops/track-merge';
import { useSession } from '../../session';
import { patchStore } from '../store';
import { useDoc, useEditor, useEditorStore, useUi } from '../editor/editor-context';
import type { AnnotationEditor } from '../editor/annotation-editor';
import type { EditDialogs } from '../editor/editor-core';
import { deleteTrack, mergeTracks } from './track-edits';
import { TrackPicker } from './TrackPicker';

const EMPTY: number[] = [];
const setDialogs = (editor: AnnotationEditor, patch: Partial<EditDialogs>) => patchStore(editor.dialogs, patch);

export function MergeTracksDialog() {
  const editor = useEditor();
  const { merge: open } = useEditorStore((e) => e.dialogs);
  const trackIds = useDoc((d) => d?.trackIds ?? EMPTY);
  const { user, requireSignIn } = useSession();
  const [base, setBase] = useState<number | null>(null);
  const [other, setOther] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    if (!user.signedIn) {
      setDialogs(editor, { merge: false });
      requireSignIn('Please sign in to edit annotations.');
      return;
    }
    // the selected track is the base by default: the list then offers the others, nearest first
    setBase(editor.getUi().selectedTrackId ?? trackIds[0] ?? null);
    setOther(null);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const problem = mergeProblem(trackIds.length, base, other);
  const close = () => setDialogs(editor, { merge: false });
  const merge = async () => {
    if (problem || base === null || other === null) return;
    setBusy(true);
    // On failure ('Merge failed ({status})' shown by the queue) the dialog stays open.
    if (await mergeTracks(editor, base, other)) close();
    setBusy(false);
  };
  const pickBase = (v: number | 'new') => {
    if (v === 'new') return;
    setBase(v);
    if (other === v) setOther(null);
  };
  return (
    <Modal
      open={open && user.signedIn}
      onClose={close}
      title="Merge Tracks"
      testId="merge.dialog"
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="primary"
            data-testid="merge.confirm"
            disabled={problem !== null || busy}
            onClick={() => void merge()}
          >
            Merge
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        <TrackPicker label="Base track (keeps its id)" testId="merge.base" value={base} onChange={pickBase} />
        {base !== null && (
          <TrackPicker
            key={base}
            label="Merge track (its frames win where both exist)"
            testId="merge.other"
            value={other}
            onChange={(v) => setOther(v === 'new' ? null : v)}
            except={[base]}
          />
        )}
        {problem && (
          <p data-testid="merge.problem" className="text-amber-700">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}

export function DeleteTrackButton({ trackId }: { trackId: number }) {
  const editor = useEditor();
  const mode = useUi((s) => s.mode);
  if (mode !== 'edit') return null;
  return (
    <button
      type="button"
      data-testid="timeline.delete-track"
      aria-label={`Delete track ${trackId}`}
      title={`Delete track T${trackId}`}
      onClick={() => setDialogs(editor, { deleteTrack: trackId })}
      className="ml-auto rounded px-1 text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      ✕
    </button>
  );
}

export function DeleteTrackDialog() {
  const editor = useEditor();
  const { deleteTrack: trackId } = useEditorStore((e) => e.dialogs);
  const [busy, setBusy] = useState(false);
  const close = () => setDialogs(editor, { deleteTrack: null });
  const confirm = async () => {
    if (trackId === null) return;
    setBusy(true);
    // On failure ('Delete track {status}' / 'Failed to delete track' shown by the queue) the dialog stays.
    if (await deleteTrack(editor, trackId)) close();
    setBusy(false);
  };
  return (
    <Modal
      open={trackId !== null}
      onClose={close}
      title="Track Deletion Confirmation"
      testId="delete-track.dialog"
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="danger" data-testid="delete-track.confirm" disabled={busy} onClick={() => void confirm()}>
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm">
        Delete track T{trackId} with all its detections and actions? Undo (Ctrl+Z) brings it back.
      </p>
    </Modal>
  );
}
