// Choosing a track by what it shows (Merge, Swap, Move frames): the tracks nearest to the playhead first,
// each with a thumbnail of its box (the crop at its loaded frame nearest to the playhead), its colour,
// where it is against the playhead and its frame range. A field filters by track number. A radio group:
// click a row, or Tab to the list and use the arrow keys.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { trackColor } from '../colors';
import { useEditor } from '../editor/editor-context';
import { FrameThumbnails } from './frame-thumbnails';
import { tracksByNearness, whereText, type TrackChoice } from './track-choice';

const THUMB_W = 36;
const THUMB_H = 48;

function Thumbnail({ choice, thumbs }: { choice: TrackChoice; thumbs: FrameThumbnails }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current && choice.thumb) thumbs.draw(ref.current, choice.thumb.frame, choice.thumb.box);
  }, [choice, thumbs]);
  return (
    <canvas
      ref={ref}
      width={THUMB_W}
      height={THUMB_H}
      data-testid="track-pick.thumb"
      className="shrink-0 rounded border-2 bg-slate-200"
      style={{ borderColor: trackColor(choice.trackId), width: THUMB_W, height: THUMB_H }}
      aria-hidden="true"
    />
  );
}

export function TrackPicker({
  label,
  value,
  onChange,
  except = [],
  newTrack = false,
  testId,
}: {
  label: string;
  value: number | 'new' | null;
  onChange: (v: number | 'new') => void;
  /** Tracks not offered (the one being corrected). */
  except?: readonly number[];
  /** Offer 'New track' first (Move frames). */
  newTrack?: boolean;
  testId: string;
}) {
  const editor = useEditor();
  const [filter, setFilter] = useState('');
  // the list is made once per opening: the playhead stands still while a dialog is open
  const choices = useMemo(() => {
    const doc = editor.getDoc();
    return doc ? tracksByNearness(doc, editor.getUi().frame, except) : [];
  }, [editor]); // eslint-disable-line react-hooks/exhaustive-deps
  const thumbs = useMemo(() => new FrameThumbnails(editor.player, () => editor.getUi().frame), [editor]);
  useEffect(() => () => thumbs.dispose(), [thumbs]);
  const shown = filter.trim() ? choices.filter((c) => String(c.trackId).startsWith(filter.trim())) : choices;
  const options: (number | 'new')[] = [...(newTrack ? ['new' as const] : []), ...shown.map((c) => c.trackId)];
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step =
      e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    if (!step || !options.length) return;
    e.preventDefault();
    const at = value === null ? -1 : options.indexOf(value);
    onChange(options[Math.min(options.length - 1, Math.max(0, at + step))]);
  };
  const row = (selected: boolean) =>
    `flex w-full items-center gap-2 rounded border px-2 py-1 text-left ${selected ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 hover:bg-slate-50'}`;
  return (
    <div className="flex flex-col gap-1">
      <span className="font-medium">{label}</span>
      {choices.length > 6 && (
        <input
          type="search"
          aria-label={`${label}: find a track by number`}
          data-testid={`${testId}.find`}
          placeholder="Track number…"
          value={filter}
          onChange={(e) => setFilter(e.target.value.replace(/[^0-9]/g, ''))}
          className="w-40 rounded border border-slate-300 px-2 py-1 text-sm"
        />
      )}
      <div
        role="radiogroup"
        aria-label={label}
        data-testid={testId}
        tabIndex={0}
        onKeyDown={onKey}
        className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {newTrack && (
          <button
            type="button"
            role="radio"
            tabIndex={-1}
            aria-checked={value === 'new'}
            data-testid={`${testId}.new`}
            className={row(value === 'new')}
            onClick={() => onChange('new')}
          >
            New track
          </button>
        )}
        {shown.map((c) => (
          <button
            key={c.trackId}
            type="button"
            role="radio"
            tabIndex={-1}
            aria-checked={value === c.trackId}
            data-testid={`${testId}.option`}
            data-track={c.trackId}
            className={row(value === c.trackId)}
            onClick={() => onChange(c.trackId)}
          >
            <Thumbnail choice={c} thumbs={thumbs} />
            <span className="font-semibold">T{c.trackId}</span>
            <span className="text-xs text-slate-600">{whereText(c)}</span>
            <span className="ml-auto text-xs text-slate-400">
              frames {c.first}–{c.last}
            </span>
          </button>
        ))}
        {shown.length === 0 && <p className="text-xs text-slate-500">No track {filter}</p>}
      </div>
    </div>
  );
}
