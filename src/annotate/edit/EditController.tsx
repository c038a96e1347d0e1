// The edit side's page-level host: binds the editor to the page (snackbar, sign-out, keys, the unload
// warning, the edit probes of the test build) and shows the 'Unsaved changes' indicator and the track dialogs.
import { useEffect } from 'react';
import { useSnackbar } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../session';
import { useEditor, useEditorStore } from '../editor/editor-context';
import { onBeforeUnload, onEditKeyDown } from './hotkeys';
import { saveAll } from './segment-saves';
import { DeleteTrackDialog, MergeTracksDialog } from './TrackDialogs';
import { installEditTestApi } from './edit-test-api';

export function EditController() {
  const editor = useEditor();
  const { user } = useSession();
  const { show } = useSnackbar();

  useEffect(() => editor.bindNotifier(show), [editor, show]);
  useEffect(() => { if (!user.signedIn) editor.signedOut(); }, [user.signedIn, editor]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => onEditKeyDown(editor, e);
    const unload = onBeforeUnload(() => editor.saves.hasUnsaved() || editor.rows.ids().length > 0);
    window.addEventListener('keydown', onKey);
    window.addEventListener('beforeunload', unload);
    // Where edit targets are on screen, for the browser tests: only in the test build.
    const offTest = __VAT_TEST_HOOKS__ ? installEditTestApi(editor) : () => {};
    return () => { window.removeEventListener('keydown', onKey); window.removeEventListener('beforeunload', unload); offTest(); };
  }, [editor]);

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
  const s = useEditorStore((e) => e.saves.state);
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
  const editor = useEditor();
  const h = useEditorStore((e) => e.history.state);
  return (
    <>
      <Button variant="primary" data-testid="edit.save-all" onClick={() => saveAll(editor)}>Save All</Button>
      <Button data-testid="edit.undo" disabled={!h.canUndo} title={h.undoLabel ? `Undo ${h.undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'} onClick={() => editor.undo()}>Undo</Button>
      <Button data-testid="edit.redo" disabled={!h.canRedo} title={h.redoLabel ? `Redo ${h.redoLabel} (Ctrl+Shift+Z)` : 'Redo (Ctrl+Shift+Z)'} onClick={() => editor.redo()}>Redo</Button>
    </>
  );
}
