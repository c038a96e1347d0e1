// The edit side's page-level host: the editorMode machine behind the View/Edit toggle, keys, the
// unload warning, the 'Unsaved changes' indicator and the track dialogs.
import { useEffect, useMemo, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { editorModeMachine } from '../../../machines/editorMode';
import { useSnackbar } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../session';
import { setModeRequestHandler, setUi, type ModeRequestContext } from '../document/ui-store';
import { player } from '../player/player-controller';
import { clearDrafts, draftIds, history, saveQueue, setNotifier, useHistoryState, useSaveState } from './edit-session';
import { cancelDrag } from './interaction-host';
import { onBeforeUnload, onEditKeyDown } from './hotkeys';
import { saveAll } from './segment-saves';
import { DeleteTrackDialog, MergeTracksDialog } from './TrackDialogs';
import { installEditTestApi } from './edit-test-api';

export function EditController() {
  const { user, requireSignIn } = useSession();
  const { show } = useSnackbar();
  const ctxRef = useRef<ModeRequestContext | null>(null);
  const signInRef = useRef(requireSignIn);
  signInRef.current = requireSignIn;

  const machine = useMemo(() => editorModeMachine.provide({
    actions: {
      pausePlayback: () => { (ctxRef.current?.pause ?? (() => player.pause()))(); },
      requireSignIn: (_, p) => { if (ctxRef.current) ctxRef.current.requireSignIn(p.text); else signInRef.current(p.text); },
      showMode: (_, p) => { setUi({ mode: p.mode }); },
      discardDrafts: () => { clearDrafts(); cancelDrag(); },
      clearHistory: () => { history.clear(); },
    },
    actors: { flushSaves: fromPromise(() => saveQueue.flush(5000)) },
  }), []);
  const actor = useActorRef(machine);

  useEffect(() => setNotifier(show), [show]);
  useEffect(() => {
    setModeRequestHandler((mode, ctx) => {
      ctxRef.current = ctx;
      actor.send(mode === 'edit' ? { type: 'mode.edit', signedIn: ctx.signedIn } : { type: 'mode.view' });
    });
    return () => setModeRequestHandler(null);
  }, [actor]);
  useEffect(() => { if (!user.signedIn) actor.send({ type: 'session.signedOut' }); }, [user.signedIn, actor]);
  useEffect(() => {
    const unload = onBeforeUnload(() => saveQueue.hasUnsaved() || draftIds().length > 0);
    window.addEventListener('keydown', onEditKeyDown);
    window.addEventListener('beforeunload', unload);
    // Where edit targets are on screen, for the browser tests: only in the test build.
    const offTest = __VAT_TEST_HOOKS__ ? installEditTestApi() : () => {};
    return () => { window.removeEventListener('keydown', onEditKeyDown); window.removeEventListener('beforeunload', unload); offTest(); };
  }, []);

  return (
    <>
      <UnsavedIndicator />
      <MergeTracksDialog />
      <DeleteTrackDialog />
    </>
  );
}

/** Small, persistent: stays until every edit is on the server. */
function UnsavedIndicator() {
  const s = useSaveState();
  const failed = Object.keys(s.failedSegments).length;
  if (s.pending === 0 && failed === 0) return null;
  const detail = [s.pending ? `${s.pending} waiting${s.retrying ? ' (retrying)' : ''}` : '', failed ? `${failed} failed` : ''].filter(Boolean).join(', ');
  return (
    <div role="status" data-testid="edit.unsaved" title={detail}
      className="fixed bottom-4 left-4 z-40 flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900 shadow">
      <span className="h-2 w-2 animate-pulse rounded-full bg-amber-600" aria-hidden="true" />
      Unsaved changes
      <span className="text-xs font-normal">({detail})</span>
    </div>
  );
}

/** Data panel header buttons in edit mode: Save All, Undo, Redo. */
export function PanelButtons() {
  const h = useHistoryState();
  return (
    <>
      <Button variant="primary" data-testid="edit.save-all" onClick={saveAll}>Save All</Button>
      <Button data-testid="edit.undo" disabled={!h.canUndo} title={h.undoLabel ? `Undo ${h.undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'} onClick={() => history.undo()}>Undo</Button>
      <Button data-testid="edit.redo" disabled={!h.canRedo} title={h.redoLabel ? `Redo ${h.redoLabel} (Ctrl+Shift+Z)` : 'Redo (Ctrl+Shift+Z)'} onClick={() => history.redo()}>Redo</Button>
    </>
  );
}
