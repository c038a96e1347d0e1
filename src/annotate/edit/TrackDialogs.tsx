// 'Merge Tracks' and 'Track Deletion Confirmation'. Both ask the server first (one
// transaction there), then apply the same edit to the document as one undoable command.
import { useEffect, useState } from 'react';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';
import { mergeProblem } from '../../../domain/ops/track-merge';
import { useSession } from '../../session';
import type { DeleteTrackResult, MergeResult } from '../../api/annotation-edits';
import { getDoc, useDoc } from '../document/store';
import { getUi, setUi, useUi } from '../document/ui-store';
import { history, saveQueue } from './edit-session';
import { setDialogs, useDialogs } from './dialog-store';

const EMPTY: number[] = [];
const select = 'rounded border border-slate-300 px-2 py-1 text-sm';

export function MergeTracksDialog() {
  const { merge: open } = useDialogs();
  const trackIds = useDoc((d) => d?.trackIds ?? EMPTY);
  const { user, requireSignIn } = useSession();
  const [base, setBase] = useState<number | null>(null);
  const [other, setOther] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    if (!user.signedIn) { setDialogs({ merge: false }); requireSignIn('Please sign in to edit annotations.'); return; }
    setBase(trackIds[0] ?? null); setOther(null);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const problem = mergeProblem(trackIds.length, base, other);
  const close = () => setDialogs({ merge: false });
  const merge = async () => {
    const doc = getDoc();
    if (!doc || problem || base === null || other === null) return;
    setBusy(true);
    try {
      const r = await saveQueue.run<MergeResult>({ kind: 'track.merge', videoId: doc.videoId, baseTrackId: base, mergeTrackId: other, token: { value: null } });
      history.perform('track.merge', { baseTrackId: base, mergeTrackId: other }, { synced: true, token: r.undo_token });
      if (getUi().selectedTrackId === other) setUi({ selectedTrackId: base });
      close();
    } catch { /* 'Merge failed ({status})' shown by the queue; the dialog stays open */ } finally { setBusy(false); }
  };
  const pick = (set: (v: number | null) => void) => (e: React.ChangeEvent<HTMLSelectElement>) => set(e.target.value === '' ? null : Number(e.target.value));
  return (
    <Modal open={open && user.signedIn} onClose={close} title="Merge Tracks" testId="merge.dialog"
      actions={<>
        <Button onClick={close}>Cancel</Button>
        <Button variant="primary" data-testid="merge.confirm" disabled={problem !== null || busy} onClick={() => void merge()}>Merge</Button>
      </>}>
      <div className="flex flex-col gap-3 text-sm">
        <label className="flex items-center justify-between gap-2">Base track (keeps its id)
          <select aria-label="Base track" data-testid="merge.base" value={base ?? ''} onChange={pick(setBase)} className={select}>
            <option value="">Choose…</option>
            {trackIds.map((t) => <option key={t} value={t}>T{t}</option>)}
          </select>
        </label>
        <label className="flex items-center justify-between gap-2">Merge track (its frames win where both exist)
          <select aria-label="Merge track" data-testid="merge.other" value={other ?? ''} onChange={pick(setOther)} className={select}>
            <option value="">Choose…</option>
            {trackIds.map((t) => <option key={t} value={t}>T{t}</option>)}
          </select>
        </label>
        {problem && <p data-testid="merge.problem" className="text-amber-700">{problem}</p>}
      </div>
    </Modal>
  );
}

export function DeleteTrackButton({ trackId }: { trackId: number }) {
  const mode = useUi((s) => s.mode);
  if (mode !== 'edit') return null;
  return (
    <button type="button" data-testid="timeline.delete-track" aria-label={`Delete track ${trackId}`} title={`Delete track T${trackId}`}
      onClick={() => setDialogs({ deleteTrack: trackId })}
      className="ml-auto rounded px-1 text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">✕</button>
  );
}

export function DeleteTrackDialog() {
  const { deleteTrack: trackId } = useDialogs();
  const [busy, setBusy] = useState(false);
  const close = () => setDialogs({ deleteTrack: null });
  const confirm = async () => {
    const doc = getDoc();
    if (!doc || trackId === null) return;
    setBusy(true);
    try {
      const r = await saveQueue.run<DeleteTrackResult>({ kind: 'track.delete', videoId: doc.videoId, trackId, token: { value: null } });
      history.perform('track.delete', { trackId }, { synced: true, token: r.undo_token });
      if (getUi().selectedTrackId === trackId) setUi({ selectedTrackId: null, selectedSegmentId: null });
      close();
    } catch { /* 'Delete track {status}' / 'Failed to delete track' shown by the queue */ } finally { setBusy(false); }
  };
  return (
    <Modal open={trackId !== null} onClose={close} title="Track Deletion Confirmation" testId="delete-track.dialog"
      actions={<>
        <Button onClick={close}>Cancel</Button>
        <Button variant="danger" data-testid="delete-track.confirm" disabled={busy} onClick={() => void confirm()}>Delete</Button>
      </>}>
      <p className="text-sm">Delete track T{trackId} with all its detections and actions? Undo (Ctrl+Z) brings it back.</p>
    </Modal>
  );
}
