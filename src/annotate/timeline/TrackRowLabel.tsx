// One track's label cell on the Track Timeline: the eye toggle, the colour swatch, the T{n} button that
// selects the track, and the review and edit extras (verified mark, delete, range menu).
import { toggledHidden } from '../document/ui-state';
import { useEditor } from '../editor/editor-context';
import { DeleteTrackButton } from '../edit/TrackDialogs';
import { TrackRangeMenuButton } from '../edit/CorrectionDialogs';
import { VerifiedToggle } from './VerifiedToggle';
import { trackColor } from '../colors';
import { ROW_H } from './timeline-draw';

export function TrackRowLabel({ trackId, hidden, selected }: { trackId: number; hidden: boolean; selected: boolean }) {
  const editor = useEditor();
  return (
    <div
      data-testid="timeline.row"
      data-track={trackId}
      data-selected={selected}
      className={`flex items-center gap-1 px-1 text-xs ${selected ? 'bg-indigo-50' : ''}`}
      style={{ height: ROW_H }}
    >
      <button
        type="button"
        data-testid="timeline.eye"
        aria-pressed={!hidden}
        aria-label={`${hidden ? 'Show' : 'Hide'} track ${trackId}`}
        title={`${hidden ? 'Show' : 'Hide'} track ${trackId}`}
        onClick={() => editor.updateUi((s) => ({ hiddenTracks: toggledHidden(s.hiddenTracks, trackId) }))}
        className="rounded px-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <EyeIcon open={!hidden} />
      </button>
      <span
        data-testid="timeline.swatch"
        data-color={trackColor(trackId)}
        aria-hidden="true"
        className="h-2.5 w-2.5 shrink-0 rounded-full"
        style={{ background: trackColor(trackId), opacity: hidden ? 0.35 : 1 }}
      />
      <button
        type="button"
        data-testid="timeline.label"
        title={`Select track ${trackId}`}
        onClick={() => editor.updateUi({ selectedTrackId: trackId, selectedSegmentId: null })}
        className={`rounded px-0.5 ${hidden ? 'text-slate-400 line-through' : 'font-medium'} ${selected ? 'bg-indigo-100 text-indigo-900' : ''}`}
      >
        T{trackId}
      </button>
      <VerifiedToggle trackId={trackId} />
      <DeleteTrackButton trackId={trackId} />
      <TrackRangeMenuButton trackId={trackId} />
    </div>
  );
}

/** Eye (shown) / struck-through eye (hidden); SVG so it renders without an emoji font. */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      className={open ? 'text-slate-700' : 'text-slate-400'}
    >
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <line x1="3" y1="21" x2="21" y2="3" />}
    </svg>
  );
}
