// The edit side's page-level host: binds the editor to the page (snackbar, sign-out, the screen's one key
// listener, the unload
// warning, the edit probes of the test build) and shows the 'Unsaved changes' indicator, the save-conflict
// banner and the track dialogs.
import { useEffect } from 'react';
import { useSnackbar } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../session';
import { useEditor, useEditorStore } from '../editor/editor-context';
import { onBeforeUnload, onScreenKeyDown, onScreenKeyUp } from './hotkeys';
import { saveAll } from './segment-saves';
import { DeleteTrackDialog, MergeTracksDialog } from './TrackDialogs';
import { CorrectionDialogs } from './CorrectionDialogs';

export function EditController() {
  const editor = useEditor();
  const { user, requireSignIn } = useSession();
  const { show } = useSnackbar();

  useEffect(() => editor.bindNotifier(show), [editor, show]);
  useEffect(() => {
    if (!user.signedIn) editor.signedOut();
  }, [user.signedIn, editor]);
  useEffect(() => {
    // the screen's one key listener (edit/hotkeys.ts), in view and edit mode
    const nav = { requireSignIn: () => requireSignIn() };
    const onKey = (e: KeyboardEvent) => onScreenKeyDown(editor, e, nav);
    const onKeyUp = (e: KeyboardEvent) => onScreenKeyUp(editor, e);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [editor, requireSignIn]);
  useEffect(() => {
    const unload = onBeforeUnload(() => editor.saves.hasUnsaved() || editor.rows.ids().length > 0);
    window.addEventListener('beforeunload', unload);
    return () => window.removeEventListener('beforeunload', unload);
  }, [editor]);

  return (
    <>
      <UnsavedIndicator />
      <ConflictBanner />
      <MergeTracksDialog />
      <DeleteTrackDialog />
      <CorrectionDialogs />
    </>
  );
}

/** Small, persistent: stays until every edit is on the server. */
function UnsavedIndicator() {
  const s = useEditorStore((e) => e.saves.state);
  const failed = Object.keys(s.failedSegments).length;
  if (s.pending === 0 && failed === 0) return null;
  const detail = [
    s.pending ? `${s.pending} waiting${s.retrying ? ' (retrying)' : ''}` : '',
    failed ? `${failed} failed` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div
      role="status"
      data-testid="edit.unsaved"
      title={detail}
      className="fixed bottom-4 left-4 z-40 flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900 shadow"
    >
      <span className="h-2 w-2 animate-pulse rounded-full bg-amber-600" aria-hidden="true" />
      Unsaved changes
      <span className="text-xs font-normal">({detail})</span>
    </div>
  );
}

/**
 * Someone else saved a box or action this user was changing: their draft stays on screen until they
 * choose to load the other version or to save theirs over it.
 */
function ConflictBanner() {
  const editor = useEditor();
  const { conflicts } = useEditorStore((e) => e.saves.state);
  const c = conflicts[0];
  if (!c) return null;
  const what = c.op.kind.startsWith('detection') ? 'box' : 'action';
  const more = conflicts.length > 1 ? ` (${conflicts.length - 1} more after this one)` : '';
  return (
    <div
      role="alertdialog"
      aria-labelledby="edit-conflict-title"
      data-testid="edit.conflict"
      className="fixed bottom-14 left-4 z-50 max-w-lg rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 shadow-lg"
    >
      <p id="edit-conflict-title" className="font-medium">
        Not saved: someone else changed this {what} while you were editing it{more}.
      </p>
      <p className="mt-1" data-testid="edit.conflict-detail">
        {c.detail}
      </p>
      <p className="mt-1">Your change is still shown. Load their version, or save yours over it.</p>
      <div className="mt-2 flex gap-2">
        <Button data-testid="edit.conflict-theirs" onClick={() => void editor.resolveConflict(c, 'theirs')}>
          Reload theirs
        </Button>
        <Button
          variant="primary"
          data-testid="edit.conflict-mine"
          onClick={() => void editor.resolveConflict(c, 'mine')}
        >
          Overwrite with mine
        </Button>
      </div>
    </div>
  );
}

/** Data panel header buttons in edit mode: Save All, Undo, Redo. */
export function PanelButtons() {
  const editor = useEditor();
  const h = useEditorStore((e) => e.history.state);
  return (
    <>
      <Button variant="primary" data-testid="edit.save-all" onClick={() => saveAll(editor)}>
        Save All
      </Button>
      <Button
        data-testid="edit.undo"
        disabled={!h.canUndo}
        title={h.undoLabel ? `Undo ${h.undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'}
        onClick={() => editor.undo()}
      >
        Undo
      </Button>
      <Button
        data-testid="edit.redo"
        disabled={!h.canRedo}
        title={h.redoLabel ? `Redo ${h.redoLabel} (Ctrl+Shift+Z)` : 'Redo (Ctrl+Shift+Z)'}
        onClick={() => editor.redo()}
      >
        Redo
      </Button>
    </>
  );
}
