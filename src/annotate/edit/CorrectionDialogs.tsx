// The correction dialogs of edit mode: delete a frame range (the timeline row's track menu), swap two
// tracks from this frame, move a frame range to another or a new track, propagate for N frames, and
// 'Follow this person'. Each performs its command (server first, then one undoable edit); on failure the
// save queue names why and the dialog stays open.
import { useEffect, useState, type ReactNode } from 'react';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';
import { refreshActivity } from '../../components/shell/activity-store';
import { patchStore } from '../store';
import { useDoc, useEditor, useEditorStore, useUi } from '../editor/editor-context';
import type { AnnotationEditor } from '../editor/annotation-editor';
import type { CorrectionDialogState } from '../editor/editor-core';
import { FOLLOW_DEFAULT_FRAMES, FOLLOW_MAX_FRAMES } from '../keys/follow-person';
import { nextTrackId } from '../commands/key-tests';
import { performCorrection } from './range-edits';
import { startFollow, type FollowDirection } from './follow';
import { TrackPicker } from './TrackPicker';

const EMPTY: number[] = [];
const field = 'w-28 rounded border border-slate-300 px-2 py-1 text-sm';
const close = (editor: AnnotationEditor) => patchStore(editor.dialogs, { correction: null });

/** The problem with a frame range as typed, in plain words, or null. */
export function rangeProblem(from: number, to: number, totalFrames: number): string | null {
  if (!Number.isInteger(from) || !Number.isInteger(to)) return 'Frames are whole numbers.';
  if (from < 0 || to >= totalFrames) return `Frames run from 0 to ${totalFrames - 1}.`;
  if (from > to) return "'From' must not be after 'to'.";
  return null;
}

/** The timeline row's track menu: 'Delete frames…' of that track (edit mode only). */
export function TrackRangeMenuButton({ trackId }: { trackId: number }) {
  const editor = useEditor();
  const mode = useUi((s) => s.mode);
  if (mode !== 'edit') return null;
  return (
    <button
      type="button"
      data-testid="timeline.delete-frames"
      aria-label={`Delete frames of track ${trackId}`}
      title={`Delete a frame range of T${trackId}`}
      onClick={() => patchStore(editor.dialogs, { correction: { kind: 'range-delete', shift: false, trackId } })}
      className="rounded px-1 text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      ✂
    </button>
  );
}

export function CorrectionDialogs() {
  const editor = useEditor();
  const d = useEditorStore((e) => e.dialogs).correction ?? null;
  const selected = useUi((s) => s.selectedTrackId);
  const trackId = d?.trackId ?? selected;
  if (!d || trackId === null) return null;
  return <CorrectionDialog key={`${d.kind}-${trackId}`} editor={editor} d={d} trackId={trackId} />;
}

function CorrectionDialog({
  editor,
  d,
  trackId,
}: {
  editor: AnnotationEditor;
  d: CorrectionDialogState;
  trackId: number;
}) {
  const trackIds = useDoc((doc) => doc?.trackIds ?? EMPTY);
  const total = useDoc((doc) => doc?.info.total_frames ?? 0);
  const frame = editor.getUi().frame;
  const range = editor.getDoc()?.trackRanges[trackId];
  const [from, setFrom] = useState(d.kind === 'range-delete' ? (range?.first ?? frame) : frame);
  const [to, setTo] = useState(
    d.kind === 'range-delete' || d.kind === 'move-range' ? (range?.last ?? frame) : frame + 30,
  );
  const [other, setOther] = useState<number | 'new' | null>(d.kind === 'move-range' ? 'new' : null);
  const [frames, setFrames] = useState(FOLLOW_DEFAULT_FRAMES);
  const [direction, setDirection] = useState<FollowDirection>(d.shift ? 'backward' : 'forward');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setBusy(false);
  }, [d]);

  const problem =
    d.kind === 'range-delete' || d.kind === 'move-range'
      ? rangeProblem(from, to, total)
      : d.kind === 'swap'
        ? other === null
          ? 'Choose the other track.'
          : null
        : d.kind === 'propagate' || d.kind === 'follow'
          ? frames >= 1 && frames <= FOLLOW_MAX_FRAMES
            ? null
            : `Between 1 and ${FOLLOW_MAX_FRAMES} frames.`
          : null;
  const run = async () => {
    if (problem) return;
    setBusy(true);
    let ok = false;
    if (d.kind === 'range-delete') ok = await performCorrection(editor, 'track.range-delete', { trackId, from, to });
    else if (d.kind === 'swap')
      ok = await performCorrection(editor, 'track.swap', { trackId, otherTrackId: other as number, from: frame });
    else if (d.kind === 'move-range') {
      const isNew = other === 'new' || other === null;
      ok = await performCorrection(editor, 'track.move-range', {
        trackId,
        from,
        to,
        targetTrackId: isNew ? nextTrackId(trackIds) : other,
        newTrack: isNew,
      });
    } else if (d.kind === 'propagate')
      ok = await performCorrection(editor, 'keyframe.propagate', {
        trackId,
        from: frame,
        to: frame + frames,
        untilKeyframe: false,
      });
    else if (d.kind === 'follow') {
      ok = (await startFollow(editor, trackId, direction, frames)) !== null;
      if (ok) refreshActivity();
    }
    setBusy(false);
    if (ok) close(editor);
  };

  const num = (label: string, value: number, set: (n: number) => void, testId: string) => (
    <label className="flex items-center justify-between gap-2">
      {label}
      <input
        type="number"
        aria-label={label}
        data-testid={testId}
        className={field}
        value={value}
        onChange={(e) => set(Number(e.target.value))}
      />
    </label>
  );
  const trackPick = (withNew: boolean) => (
    <TrackPicker
      label={withNew ? 'Target track' : 'Other track'}
      testId="correction.track"
      value={other}
      onChange={setOther}
      except={[trackId]}
      newTrack={withNew}
    />
  );
  const TEXT: Record<CorrectionDialogState['kind'], { title: string; action: string; body: ReactNode }> = {
    'range-delete': {
      title: `Delete frames of T${trackId}`,
      action: 'Delete',
      body: (
        <>
          {num('From frame', from, setFrom, 'correction.from')}
          {num('To frame', to, setTo, 'correction.to')}
          <p className="text-slate-600">
            Removes the track's boxes on these frames (both included). Undo (Ctrl+Z) brings them back.
          </p>
        </>
      ),
    },
    swap: {
      title: `Swap T${trackId} from frame ${frame}`,
      action: 'Swap',
      body: (
        <>
          {trackPick(false)}
          <p className="text-slate-600">
            From this frame on, the two tracks exchange their boxes and actions (fixes an identity switch).
          </p>
        </>
      ),
    },
    'move-range': {
      title: `Move frames of T${trackId}`,
      action: 'Move',
      body: (
        <>
          {num('From frame', from, setFrom, 'correction.from')}
          {num('To frame', to, setTo, 'correction.to')}
          {trackPick(true)}
          <p className="text-slate-600">
            The boxes of these frames, and the actions inside them, go to the target track. A target that already has a
            box on one of these frames is refused.
          </p>
        </>
      ),
    },
    propagate: {
      title: `Propagate T${trackId}'s correction`,
      action: 'Propagate',
      body: (
        <>
          {num('Frames', frames, setFrames, 'correction.frames')}
          <p className="text-slate-600">
            Carries the correction at this keyframe to the following AI frames, stopping at the next keyframe.
          </p>
        </>
      ),
    },
    follow: {
      title: `Follow T${trackId}`,
      action: 'Follow',
      body: (
        <>
          <label className="flex items-center justify-between gap-2">
            Direction
            <select
              aria-label="Direction"
              data-testid="correction.direction"
              className={field}
              value={direction}
              onChange={(e) => setDirection(e.target.value as FollowDirection)}
            >
              <option value="forward">Forward</option>
              <option value="backward">Backward</option>
            </select>
          </label>
          {num('At most frames', frames, setFrames, 'correction.frames')}
          <p className="text-slate-600">
            The AI extends the track from this frame. It stops when the person is lost, at the next keyframe, or after
            these frames. The job shows in the activity panel (Cancel there); its boxes appear when you reload.
          </p>
        </>
      ),
    },
  };
  const t = TEXT[d.kind];
  return (
    <Modal
      open
      onClose={() => close(editor)}
      title={t.title}
      testId={`correction.${d.kind}`}
      actions={
        <>
          <Button onClick={() => close(editor)}>Cancel</Button>
          <Button
            variant={d.kind === 'range-delete' ? 'danger' : 'primary'}
            data-testid="correction.confirm"
            disabled={problem !== null || busy}
            onClick={() => void run()}
          >
            {t.action}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        {t.body}
        {problem && (
          <p data-testid="correction.problem" className="text-amber-700">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}
