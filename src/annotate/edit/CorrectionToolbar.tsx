// The correction tools of edit mode as buttons, for a mouse user: each presses the same key as the
// keyboard (hotkeys.ts runKeyAction), so a button and its key always do the same thing. Greyed out when the
// command does not apply now (no track selected, no keyframe here…); the title names the key.
import { Button } from '../../components/ui/Button';
import { useDoc, useEditor, useUi } from '../editor/editor-context';
import type { KeyLike } from '../commands/types';
import { navCommand } from '../keys/key-registry';
import { keyApplies, runKeyAction } from './hotkeys';

const key = (k: string, shiftKey = false): KeyLike => ({
  key: k,
  shiftKey,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
});

const TOOLS: { id: string; label: string; title: string; press: KeyLike }[] = [
  {
    id: 'delete-box',
    label: 'Delete box',
    title: "Delete the selected track's box at this frame (Delete)",
    press: key('Delete'),
  },
  {
    id: 'delete-forward',
    label: 'Delete →',
    title: 'Delete from this frame to the next keyframe or the track end (Shift+Delete)',
    press: key('Delete', true),
  },
  { id: 'split', label: 'Split', title: 'Split the selected track here (S)', press: key('s') },
  { id: 'swap', label: 'Swap…', title: 'Swap identities with another track from this frame on (W)', press: key('w') },
  {
    id: 'move-range',
    label: 'Move frames…',
    title: 'Move a frame range to another track or a new one (M)',
    press: key('m'),
  },
  {
    id: 'interpolate',
    label: 'Interpolate',
    title: 'Interpolate between the keyframes around the playhead (I)',
    press: key('i'),
  },
  {
    id: 'propagate',
    label: 'Propagate',
    title: 'Carry this keyframe’s correction to the following AI frames (P; Shift+P: N frames)',
    press: key('p'),
  },
  {
    id: 'outside',
    label: 'Outside',
    title: 'End the track at this frame, or remove that outside keyframe (O)',
    press: key('o'),
  },
];

export function CorrectionToolbar() {
  const editor = useEditor();
  // re-render when what decides the buttons changes
  useUi((s) => s.frame);
  useUi((s) => s.selectedTrackId);
  useDoc((d) => d?.detections);
  const drawTool = useUi((s) => !!s.drawTool);
  const selected = useUi((s) => s.selectedTrackId);
  return (
    <div
      role="toolbar"
      aria-label="Correction tools"
      data-testid="edit.tools"
      className="flex w-full flex-wrap items-center gap-1 text-xs"
    >
      <Button
        data-testid="edit.tool-new-box"
        aria-pressed={drawTool}
        variant={drawTool ? 'primary' : undefined}
        title="New box: drag on the frame to draw a person (B). A drag on an empty area draws too."
        onClick={() => runKeyAction(editor, key('b'))}
      >
        New box
      </Button>
      {TOOLS.map((t) => (
        <Button
          key={t.id}
          data-testid={`edit.tool-${t.id}`}
          title={t.title}
          disabled={!keyApplies(editor, t.press)}
          onClick={() => runKeyAction(editor, t.press)}
        >
          {t.label}
        </Button>
      ))}
      <Button
        data-testid="edit.tool-follow"
        disabled={selected === null}
        title="Follow this person: extend the track with the AI (F / Shift+F)"
        onClick={() =>
          navCommand('track.follow').run(editor, {
            requireSignIn: () => true /* edit mode is signed in (sign-out leaves it) */,
          })
        }
      >
        Follow…
      </Button>
    </div>
  );
}
