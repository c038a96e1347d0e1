// The keyboard help of the Annotate screen, opened with '?' or the "Keyboard shortcuts" button. It lists
// what shortcuts.ts collects, so it cannot fall out of step with the keys that really work.
import { useState } from 'react';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';
import { shortcutsByGroup } from './shortcuts';
import { useScreenAction } from '../editor/use-screen-action';

export function KeyboardHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      testId="help.dialog"
      width="max-w-xl"
      startAtTop
      actions={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-600">
        Keys marked “edit” work in edit mode; the others in view and edit mode. Keys typed into a field are left to the
        field, and no shortcut works while a dialog is open.
      </p>
      {shortcutsByGroup()
        .filter((g) => g.shortcuts.length)
        .map((g) => (
          <section key={g.group} data-testid={`help.group.${g.group}`} className="mb-3">
            <h3 className="mb-1 text-sm font-semibold text-slate-800">{g.title}</h3>
            <table className="w-full text-sm">
              <tbody>
                {g.shortcuts.map((s) => (
                  <tr key={s.keys} data-testid="help.row" className="border-t border-slate-100">
                    <td className="w-48 py-1 pr-3">
                      <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">
                        {s.keys}
                      </kbd>
                    </td>
                    <td className="py-1 text-slate-700">
                      {s.does}
                      {s.editOnly && (
                        <span className="ml-2 rounded bg-indigo-50 px-1 text-xs text-indigo-700">edit</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
    </Modal>
  );
}

/** The button plus the '?' key (a screen key: commands/screen-keys.ts); renders the dialog while open. */
export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  useScreenAction('openHelp', () => setOpen(true));
  return (
    <>
      <Button data-testid="annotate.shortcuts" title="Keyboard shortcuts (?)" onClick={() => setOpen(true)}>
        Keyboard shortcuts
      </Button>
      {open && <KeyboardHelpDialog open onClose={() => setOpen(false)} />}
    </>
  );
}
