// The command registry (Excalidraw actions/register style): one place that knows every edit by name.
// The review commands and the screen keys change no document; key-registry.ts holds them with these.
import { produceWithPatches, enablePatches, enableMapSet, type Patch } from 'immer';
import type { EditorDoc } from '../document/types';
import { segmentAdd } from './segment-add';
import { segmentCreate } from './segment-create';
import { segmentDelete } from './segment-delete';
import { segmentDuplicate } from './segment-duplicate';
import { segmentUpdate } from './segment-update';
import { boxMove } from './box-move';
import { boxResize } from './box-resize';
import { keypointMove } from './keypoint-move';
import { keypointVisibility } from './keypoint-visibility';
import { segmentMove } from './segment-move';
import { segmentResize } from './segment-resize';
import { trackDelete } from './track-delete';
import { trackMerge } from './track-merge';
import { boxDraw } from './box-draw';
import { keypointsAssist } from './keypoints-assist';
import { boxDeleteFrame } from './box-delete-frame';
import { boxDeleteForward } from './box-delete-forward';
import { trackRangeDelete } from './track-range-delete';
import { trackSplit } from './track-split';
import { trackSwap } from './track-swap';
import { trackMoveRange } from './track-move-range';
import { keyframeInterpolate } from './keyframe-interpolate';
import { keyframePropagate } from './keyframe-propagate';
import { keyframeOutside } from './keyframe-outside';
import type {
  CommandArgs,
  CommandDef,
  CommandName,
  CommandPress,
  CorrectionDialog,
  EditContext,
  KeyLike,
  ToolSwitch,
} from './types';

enablePatches();
enableMapSet();

/** Every command by name: a constant table, built once from the command files. */
const registry: ReadonlyMap<CommandName, CommandDef> = new Map(
  [
    boxMove,
    boxResize,
    keypointMove,
    segmentMove,
    segmentResize,
    segmentAdd,
    segmentCreate,
    segmentUpdate,
    segmentDelete,
    segmentDuplicate,
    trackMerge,
    trackDelete,
    boxDraw,
    keypointsAssist,
    boxDeleteFrame,
    boxDeleteForward,
    trackRangeDelete,
    trackSplit,
    trackSwap,
    trackMoveRange,
    keyframeInterpolate,
    keyframePropagate,
    keyframeOutside,
    keypointVisibility,
  ].map((d) => [d.name, d as unknown as CommandDef]),
);

export function getCommand<N extends CommandName>(name: N): CommandDef<N> {
  const def = registry.get(name);
  if (!def) throw new Error(`Unknown command ${name}`);
  return def as unknown as CommandDef<N>;
}

export function allCommands(): CommandDef[] {
  return [...registry.values()];
}

export interface Applied {
  next: EditorDoc;
  patches: Patch[];
  inversePatches: Patch[];
}

/** Runs a command over a document: the new document plus the patches that redo and undo it. */
export function applyCommand<N extends CommandName>(doc: EditorDoc, name: N, args: CommandArgs[N]): Applied {
  const [next, patches, inversePatches] = produceWithPatches(doc, getCommand(name).recipe(args));
  return { next, patches, inversePatches };
}

/** The command a key press triggers now, with its arguments (first match wins). */
export function commandForKey(
  e: KeyLike,
  ctx: EditContext,
): { name: CommandName; args: CommandArgs[CommandName] } | null {
  for (const def of registry.values()) {
    if (!def.keyTest?.(e) || !def.argsFromKey) continue;
    const args = def.argsFromKey(e, ctx);
    if (args) return { name: def.name, args };
  }
  return null;
}

/** What a key press does in edit mode: run a command, open a correction dialog, or switch the pointer's tool. */
export type KeyAction =
  | { kind: 'command'; name: CommandName; args: CommandArgs[CommandName] }
  | { kind: 'dialog'; dialog: CorrectionDialog; shift: boolean }
  | { kind: 'tool'; event: ToolSwitch };

function actionOf(def: CommandDef, press: CommandPress, ctx: EditContext): KeyAction | null {
  const args = def.argsFromKey?.(press, ctx);
  if (args) return { kind: 'command', name: def.name, args };
  const dialog = def.dialogFromKey?.(press, ctx);
  if (dialog) return { kind: 'dialog', dialog, shift: press.shiftKey };
  const event = def.toolFromKey?.(press, ctx);
  return event ? { kind: 'tool', event } : null;
}

export function keyActionFor(e: KeyLike, ctx: EditContext): KeyAction | null {
  for (const def of registry.values()) {
    if (!def.keyTest?.(e)) continue;
    const action = actionOf(def, e, ctx);
    if (action) return action;
  }
  return null;
}

/** What a command does now when run by name (its toolbar button; `shift`: its Shift variant), or null. */
export function commandAction(name: CommandName, ctx: EditContext, shift = false): KeyAction | null {
  return actionOf(getCommand(name) as unknown as CommandDef, { shiftKey: shift }, ctx);
}
