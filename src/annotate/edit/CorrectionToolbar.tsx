// The correction tools of edit mode as buttons, for a mouse user, built from the command registry in the
// manner of Excalidraw's PanelComponent: each button shows its command's label and, as its title, the
// command's own shortcut line, and runs the command by name (hotkeys.ts runCommand), so a button and its
// key always do the same thing. Greyed out when the command does not apply now (no track selected, no
// keyframe here…). The tool buttons (New box, Redraw) show whether their tool is on.
import { Button } from '../../components/ui/Button';
import { useDoc, useDrawInto, useEditor, useTool, useUi } from '../editor/editor-context';
import { getCommand } from '../commands/registry';
import type { CommandName, Shortcut } from '../commands/types';
import { navCommand } from '../keys/key-registry';
import { commandApplies, runCommand } from './hotkeys';

/** The commands the toolbar shows, in order; `shift` runs the command's Shift variant. */
const BUTTONS: readonly { id: string; command: CommandName; shift?: boolean }[] = [
  { id: 'new-box', command: 'box.draw' },
  { id: 'redraw-box', command: 'box.draw', shift: true },
  { id: 'delete-box', command: 'box.delete-frame' },
  { id: 'delete-forward', command: 'box.delete-forward' },
  { id: 'split', command: 'track.split' },
  { id: 'swap', command: 'track.swap' },
  { id: 'move-range', command: 'track.move-range' },
  { id: 'interpolate', command: 'keyframe.interpolate' },
  { id: 'propagate', command: 'keyframe.propagate' },
  { id: 'outside', command: 'keyframe.outside' },
];

/** The shortcut line of a command's plain key or of its Shift variant, as a button title. */
function titleOf(shortcuts: readonly Shortcut[] | undefined, shift: boolean): string {
  const s = shortcuts?.find((x) => x.keys.startsWith('Shift+') === shift) ?? shortcuts?.[0];
  return s ? `${s.does} (${s.keys})` : '';
}

export function CorrectionToolbar() {
  const editor = useEditor();
  // re-render when what decides the buttons changes
  useUi((s) => s.frame);
  useDoc((d) => d?.detections);
  const selected = useUi((s) => s.selectedTrackId);
  const tool = useTool();
  const drawInto = useDrawInto();
  const follow = navCommand('track.follow');
  return (
    <div
      role="toolbar"
      aria-label="Correction tools"
      data-testid="edit.tools"
      className="flex w-full flex-wrap items-center gap-1 text-xs"
    >
      {BUTTONS.map(({ id, command, shift = false }) => {
        const def = getCommand(command);
        const redraw = command === 'box.draw' && shift;
        const pressed = command === 'box.draw' ? tool === 'draw' && drawInto === (shift ? selected : null) : undefined;
        // a command that only opens a dialog (Swap, Move frames) says so with '…'
        const dialog = !def.argsFromKey && !!def.dialogFromKey;
        const label = redraw ? (selected === null ? 'Redraw box' : `Redraw T${selected}`) : def.label;
        return (
          <Button
            key={id}
            data-testid={`edit.tool-${id}`}
            className="!px-2 !py-1 !text-xs"
            title={titleOf(def.shortcuts, shift)}
            aria-pressed={pressed}
            variant={pressed ? 'primary' : undefined}
            disabled={!commandApplies(editor, command, shift)}
            onClick={() => runCommand(editor, command, shift)}
          >
            {dialog ? `${label}…` : label}
          </Button>
        );
      })}
      <Button
        data-testid="edit.tool-follow"
        className="!px-2 !py-1 !text-xs"
        disabled={selected === null}
        title={titleOf(follow.shortcuts, false)}
        onClick={() =>
          follow.run(editor, { requireSignIn: () => true /* edit mode is signed in (sign-out leaves it) */ })
        }
      >
        {follow.label}…
      </Button>
    </div>
  );
}
