// Edit commands: every edit is a named command with a label and an optional hotkey test, so menus,
// buttons, keys and the keyboard help come from one registry. A command turns its arguments into an immer recipe;
// the history runs it through produceWithPatches, which gives undo/redo.
import type { ActionSegment, SegmentFields } from '../../../domain/types';
import type { CompactDetection, DocCommand, EditorDoc } from '../document/types';
import type { AnnotateUiState } from '../document/ui-state';
import type { EntryOps, OpsContext, RangeCall } from '../save/server-ops';
import type { ToolName } from '../../../machines/interaction-types';

export type CommandName =
  | 'box.move'
  | 'box.resize'
  | 'keypoint.move'
  | 'keypoint.visibility'
  | 'segment.move'
  | 'segment.resize'
  | 'segment.add'
  | 'segment.create'
  | 'segment.update'
  | 'segment.delete'
  | 'segment.duplicate'
  | 'track.merge'
  | 'track.delete'
  | 'box.draw'
  | 'keypoints.assist'
  | 'box.delete-frame'
  | 'box.delete-forward'
  | 'track.range-delete'
  | 'track.split'
  | 'track.swap'
  | 'track.move-range'
  | 'keyframe.interpolate'
  | 'keyframe.propagate'
  | 'keyframe.outside';

/** The parts of a KeyboardEvent a hotkey test reads (tests pass plain objects). */
export interface KeyLike {
  key: string;
  code?: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
}

/** A switch of the pointer's tool (machines/interaction.ts). */
export type ToolSwitch = { type: 'tool.select' } | { type: 'tool.draw'; into: number | null };

/**
 * What asks a command to act: a key press (its key and modifiers), or the command's button, which runs it by
 * name with the modifiers only (`shiftKey` for its Shift variant).
 */
export type CommandPress = Pick<KeyLike, 'shiftKey'> & Partial<KeyLike>;

/** What a hotkey needs to turn a key into command arguments. */
export interface EditContext {
  doc: EditorDoc;
  ui: AnnotateUiState;
  /** The pointer's tool now, and the track a draw-tool redraw goes into. */
  tool: { name: ToolName; drawInto: number | null };
  /** The detection shown for a track at the current frame (stored or interpolated). */
  shownDetection: (trackId: number) => CompactDetection | null;
}

export interface BoxArgs {
  trackId: number;
  frame: number;
  box: { x1: number; y1: number; x2: number; y2: number };
  shown: CompactDetection;
}
export interface KeypointArgs {
  trackId: number;
  frame: number;
  index: number;
  x: number;
  y: number;
  shown: CompactDetection;
}
/** `at`: where the joint is put (fractions), when it is placed again. */
export interface JointVisibilityArgs {
  trackId: number;
  frame: number;
  index: number;
  visibility: 0 | 1 | 2;
  shown: CompactDetection;
  at?: { x: number; y: number };
}
export interface SegmentChangeArgs {
  id: number;
  changes: SegmentFields;
}
export interface SegmentArgs {
  segment: ActionSegment;
}
export interface SegmentIdArgs {
  id: number;
}
export interface MergeArgs {
  baseTrackId: number;
  mergeTrackId: number;
}
export interface TrackArgs {
  trackId: number;
}
type Box = { x1: number; y1: number; x2: number; y2: number };
/** A drawn box: into a track with no box at this frame, or (`newTrack`) the first keyframe of a new track. */
export interface DrawArgs {
  trackId: number;
  frame: number;
  box: Box;
  newTrack: boolean;
}
export interface AssistArgs {
  trackId: number;
  frame: number;
  keypoints: Float32Array;
}
export interface FrameArgs {
  trackId: number;
  frame: number;
}
/** A frame range of a track, both ends included. */
export interface RangeArgs {
  trackId: number;
  from: number;
  to: number;
}
export interface SplitArgs {
  trackId: number;
  frame: number;
  newTrackId: number;
}
export interface SwapArgs {
  trackId: number;
  otherTrackId: number;
  from: number;
}
/** `newTrack`: the target was made by this move (redo asks for a new one again). */
export interface MoveRangeArgs extends RangeArgs {
  targetTrackId: number;
  newTrack: boolean;
}
/** `untilKeyframe`: the range ends before the next keyframe (the server finds it) rather than at `to`. */
export interface PropagateArgs extends RangeArgs {
  untilKeyframe: boolean;
}
export interface OutsideArgs {
  trackId: number;
  frame: number;
  shown: CompactDetection;
}

export interface CommandArgs {
  'box.move': BoxArgs;
  'box.resize': BoxArgs;
  'keypoint.move': KeypointArgs;
  'keypoint.visibility': JointVisibilityArgs;
  'segment.move': SegmentChangeArgs;
  'segment.resize': SegmentChangeArgs;
  'segment.add': SegmentArgs;
  'segment.create': SegmentArgs;
  'segment.update': SegmentChangeArgs;
  'segment.delete': SegmentIdArgs;
  'segment.duplicate': SegmentArgs;
  'track.merge': MergeArgs;
  'track.delete': TrackArgs;
  'box.draw': DrawArgs;
  'keypoints.assist': AssistArgs;
  'box.delete-frame': FrameArgs;
  'box.delete-forward': RangeArgs;
  'track.range-delete': RangeArgs;
  'track.split': SplitArgs;
  'track.swap': SwapArgs;
  'track.move-range': MoveRangeArgs;
  'keyframe.interpolate': RangeArgs;
  'keyframe.propagate': PropagateArgs;
  'keyframe.outside': OutsideArgs;
}

/** The correction dialogs a key or button opens (edit/CorrectionDialogs.tsx). */
export type CorrectionDialog = 'range-delete' | 'swap' | 'move-range' | 'propagate' | 'follow';

/** How the keyboard help groups shortcuts. */
export type ShortcutGroup = 'frame' | 'box' | 'track' | 'segment' | 'history' | 'review' | 'navigation';
/** One line of the keyboard help: the keys as a person types them, and what they do. */
export interface Shortcut {
  keys: string;
  does: string;
  group: ShortcutGroup;
  editOnly?: boolean;
}

export interface CommandDef<N extends CommandName = CommandName> {
  name: N;
  label: string;
  /** What the keyboard help shows for this command's keys (must describe what keyTest accepts). */
  shortcuts?: readonly Shortcut[];
  /** True when this key press triggers the command (edit mode only). */
  keyTest?: (e: KeyLike) => boolean;
  /** Arguments for a key press or the command's button, or null when it does not apply now (nothing selected…). */
  argsFromKey?: (e: CommandPress, ctx: EditContext) => CommandArgs[N] | null;
  recipe: (args: CommandArgs[N]) => DocCommand;
  /** What the server must do for this edit and for its undo. */
  serverOps: (args: CommandArgs[N], ctx: OpsContext) => EntryOps;
  /** A range edit the server does first (it answers the undo token, and ids the document needs): the call,
   *  and the arguments completed from its answer (edit/range-edits.ts). */
  rangeCall?: (args: CommandArgs[N]) => { trackId: number; call: RangeCall };
  withAnswer?: (args: CommandArgs[N], answer: Record<string, unknown>) => CommandArgs[N];
  /** A key that switches the pointer's tool instead (B: the 'New box' tool; Shift+B: redraw the selected box). */
  toolFromKey?: (e: CommandPress, ctx: EditContext) => ToolSwitch | null;
  /** A key that opens a dialog instead (the dialog then performs the command). */
  dialogFromKey?: (e: CommandPress, ctx: EditContext) => CorrectionDialog | null;
}
