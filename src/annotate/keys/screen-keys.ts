// Screen keys: the keys that change no document — the player (Space, frame steps, Home/End, keyframe
// and analysed-frame jumps), the history (undo, redo, Escape) and the screen (the keyboard help, the neighbouring videos).
// They are the key registry's third table (key-registry.ts), so the keyboard help lists them from there
// and the clash test covers them with the edit and review commands. edit/hotkeys.ts is the one listener
// that runs them.
import { historyKey } from '../history/history';
import type { EditorCore } from '../editor/editor-core';
import { jumpTrackFrame } from './track-jump';
import type { CommandName, KeyLike, Shortcut } from '../commands/types';

export type ScreenKeyName =
  | 'player.toggle'
  | 'frame.step'
  | 'frame.first'
  | 'frame.last'
  | 'keyframe.prev'
  | 'keyframe.next'
  | 'analysed.prev'
  | 'analysed.next'
  | 'history.undo'
  | 'history.redo'
  | 'escape'
  | 'help.open'
  | 'video.prev'
  | 'video.next';

export interface ScreenKeyDef {
  name: ScreenKeyName;
  shortcuts: readonly Shortcut[];
  keyTest: (e: KeyLike) => boolean;
  /** Only in edit mode. */
  editOnly?: boolean;
  /** Edit commands that share this key and win while they apply (an arrow moves the selected box in edit
   *  mode; with no box to move it steps a frame). The clash test allows exactly these pairs. */
  yieldsTo?: readonly CommandName[];
  /** Key down: true when the key was used (the listener then prevents the browser's default). */
  run: (editor: EditorCore, e: KeyLike) => boolean;
  /** Key up (Space: a tap toggles playback, a hold that served a pan does not). */
  release?: (editor: EditorCore) => void;
}

const noMods = (e: KeyLike) => !e.ctrlKey && !e.metaKey && !e.altKey;
const isSpace = (e: KeyLike) => e.key === ' ' || e.code === 'Space';
const bracket = (e: KeyLike) => (e.key === '[' || e.key === ']') && !e.shiftKey;
const sideArrow = (e: KeyLike) => e.key === 'ArrowLeft' || e.key === 'ArrowRight';
/** Frames a Shift+arrow steps. */
export const SHIFT_STEP_FRAMES = 10;

const lastFrame = (editor: EditorCore) =>
  Math.max(0, (editor.player.frameCount || editor.getDoc()?.info.total_frames || 1) - 1);

export const playerToggle: ScreenKeyDef = {
  name: 'player.toggle',
  shortcuts: [{ keys: 'Space', does: 'Play / pause (hold Space and drag on the frame to pan)', group: 'frame' }],
  keyTest: (e) => isSpace(e) && noMods(e) && !e.shiftKey,
  // a repeat is the key held down: the hold stays one press
  run: (editor, e) => {
    if (!e.repeat) editor.spaceHold.press();
    return true;
  },
  release: (editor) => {
    if (editor.spaceHold.release()) editor.player.toggle();
  },
};

export const frameStep: ScreenKeyDef = {
  name: 'frame.step',
  shortcuts: [
    { keys: '[ / ]', does: 'Previous / next frame', group: 'frame' },
    { keys: '← / →', does: 'Previous / next frame (in edit mode when no box is selected)', group: 'frame' },
    {
      keys: `Shift+← / Shift+→`,
      does: `${SHIFT_STEP_FRAMES} frames back / forward (in edit mode when no box is selected)`,
      group: 'frame',
    },
  ],
  keyTest: (e) => noMods(e) && (bracket(e) || sideArrow(e)),
  yieldsTo: ['box.move'],
  run: (editor, e) => {
    const dir = e.key === '[' || e.key === 'ArrowLeft' ? -1 : 1;
    void editor.player.step(dir * (e.shiftKey ? SHIFT_STEP_FRAMES : 1));
    return true;
  },
};

export const frameFirst: ScreenKeyDef = {
  name: 'frame.first',
  shortcuts: [{ keys: 'Home', does: 'First frame', group: 'frame' }],
  keyTest: (e) => e.key === 'Home' && noMods(e) && !e.shiftKey,
  run: (editor) => {
    editor.player.pause();
    void editor.player.seekFrame(0);
    return true;
  },
};

export const frameLast: ScreenKeyDef = {
  name: 'frame.last',
  shortcuts: [{ keys: 'End', does: 'Last frame', group: 'frame' }],
  keyTest: (e) => e.key === 'End' && noMods(e) && !e.shiftKey,
  run: (editor) => {
    editor.player.pause();
    void editor.player.seekFrame(lastFrame(editor));
    return true;
  },
};

// ',' and '.' are the keys under '<' and '>' (previous / next), clear of every other command's key; '<' and
// '>' (Shift on most layouts, a key of its own on others) step through the analysed frames too
const jumpKey = (
  name: ScreenKeyName,
  keys: string,
  does: string,
  test: (e: KeyLike) => boolean,
  dir: 'prev' | 'next',
  kind: 'keyframe' | 'analysed',
): ScreenKeyDef => ({
  name,
  shortcuts: [{ keys, does, group: 'frame' }],
  keyTest: (e) => noMods(e) && test(e),
  run: (editor) => {
    void jumpTrackFrame(editor, dir, kind);
    return true;
  },
});
export const keyframePrev = jumpKey(
  'keyframe.prev',
  ',',
  'Previous keyframe of the selected track',
  (e) => !e.shiftKey && e.key === ',',
  'prev',
  'keyframe',
);
export const keyframeNext = jumpKey(
  'keyframe.next',
  '.',
  'Next keyframe of the selected track',
  (e) => !e.shiftKey && e.key === '.',
  'next',
  'keyframe',
);
export const analysedPrev = jumpKey(
  'analysed.prev',
  '<',
  'Previous analysed frame (AI box or keyframe) of the selected track',
  (e) => e.key === '<',
  'prev',
  'analysed',
);
export const analysedNext = jumpKey(
  'analysed.next',
  '>',
  'Next analysed frame (AI box or keyframe) of the selected track',
  (e) => e.key === '>',
  'next',
  'analysed',
);

export const historyUndo: ScreenKeyDef = {
  name: 'history.undo',
  editOnly: true,
  shortcuts: [{ keys: 'Ctrl+Z', does: 'Undo', group: 'history', editOnly: true }],
  keyTest: (e) => historyKey(e) === 'undo',
  run: (editor) => {
    editor.undo();
    return true;
  },
};

export const historyRedo: ScreenKeyDef = {
  name: 'history.redo',
  editOnly: true,
  shortcuts: [{ keys: 'Ctrl+Shift+Z or Ctrl+Y', does: 'Redo', group: 'history', editOnly: true }],
  keyTest: (e) => historyKey(e) === 'redo',
  run: (editor) => {
    editor.redo();
    return true;
  },
};

/** What Escape can change: the pointer tool's state and the selection. */
const escapable = (editor: EditorCore) => {
  const { selectedTrackId, selectedSegmentId, selectedKeypoint } = editor.getUi();
  const s = editor.interaction.getSnapshot();
  return JSON.stringify([s.value, s.context.tool, selectedTrackId, selectedSegmentId, selectedKeypoint]);
};

export const escape: ScreenKeyDef = {
  name: 'escape',
  shortcuts: [
    {
      keys: 'Escape',
      does: 'Cancel the drag in progress; else leave the New box, Redraw or Hand tool; else clear the selection',
      group: 'history',
    },
  ],
  keyTest: (e) => e.key === 'Escape',
  // the pointer's tools decide (machines/interaction.ts); a press that changed nothing is left to others
  run: (editor) => {
    const before = escapable(editor);
    editor.interaction.send({ type: 'key.escape' });
    return escapable(editor) !== before;
  },
};

export const helpOpen: ScreenKeyDef = {
  name: 'help.open',
  shortcuts: [{ keys: '?', does: 'Show this list of shortcuts', group: 'navigation' }],
  keyTest: (e) => e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey,
  run: (editor) => {
    const open = editor.screenActions.get().openHelp;
    open?.();
    return !!open;
  },
};

const videoKey = (name: 'video.prev' | 'video.next', key: string, dir: -1 | 1, does: string): ScreenKeyDef => ({
  name,
  shortcuts: [{ keys: key === 'ArrowLeft' ? 'Alt+Left' : 'Alt+Right', does, group: 'navigation' }],
  keyTest: (e) => e.altKey && !e.ctrlKey && !e.metaKey && e.key === key,
  run: (editor) => editor.screenActions.get().goToVideo?.(dir) ?? false,
});
export const videoPrev = videoKey('video.prev', 'ArrowLeft', -1, 'Previous video');
export const videoNext = videoKey('video.next', 'ArrowRight', 1, 'Next video');

export const SCREEN_KEYS: readonly ScreenKeyDef[] = [
  playerToggle,
  frameStep,
  frameFirst,
  frameLast,
  keyframePrev,
  keyframeNext,
  analysedPrev,
  analysedNext,
  historyUndo,
  historyRedo,
  escape,
  helpOpen,
  videoPrev,
  videoNext,
];
