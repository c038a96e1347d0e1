// A data panel row in edit mode: class select, track select, Start (s) / End (s) inputs (step
// 0.01), Delete / Save / Duplicate, the pulsing 'NEW' chip, and the failure text of its last save.
import { ACTION_CLASSES, type ActionClass } from '../../../domain/constants';
import type { ActionSegment } from '../../../domain/types';
import { Button } from '../../components/ui/Button';
import { useDoc, useEditor, useEditorStore } from '../editor/editor-context';
import { deleteSegment, duplicateSegment, saveSegment } from './segment-saves';

const EMPTY: number[] = [];
const input = 'w-20 rounded border border-slate-300 px-1 py-0.5 text-sm';

export function SegmentEditorRow({ segment: s }: { segment: ActionSegment }) {
  const editor = useEditor();
  const rows = useEditorStore((e) => e.rows.state);
  const trackIds = useDoc((d) => d?.trackIds ?? EMPTY);
  const failed = useEditorStore((e) => e.saves.state).failedSegments[s.id];
  const draft = rows.drafts[s.id] ?? {};
  const setDraft = (id: number, fields: Parameters<typeof editor.rows.set>[1]) => editor.rows.set(id, fields);
  const v = { ...s, ...draft };
  const dirty = Object.keys(draft).length > 0;
  // Non-numeric time input is ignored: only finite numbers reach the draft.
  const time = (field: 'start_time' | 'end_time') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const n = e.target.valueAsNumber;
    if (Number.isFinite(n)) setDraft(s.id, { [field]: n });
  };
  return (
    <div data-testid="edit.row" data-segment={s.id} className="flex flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {rows.newIds.includes(s.id) && (
          <span
            data-testid="edit.new-chip"
            className="animate-pulse rounded bg-emerald-600 px-1.5 text-xs font-bold text-white"
          >
            NEW
          </span>
        )}
        <label className="flex items-center gap-1">
          Class
          <select
            aria-label="Class"
            data-testid="edit.class"
            value={v.action_class}
            className={input}
            onChange={(e) => setDraft(s.id, { action_class: e.target.value as ActionClass })}
          >
            {ACTION_CLASSES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1">
          Track
          <select
            aria-label="Track"
            data-testid="edit.track"
            value={v.track_id}
            className={input}
            onChange={(e) => setDraft(s.id, { track_id: Number(e.target.value) })}
          >
            {(trackIds.includes(v.track_id) ? trackIds : [v.track_id, ...trackIds]).map((t) => (
              <option key={t} value={t}>
                T{t}
              </option>
            ))}
          </select>
        </label>
        <span className="text-xs text-slate-500">conf {Math.round(v.confidence * 100)}%</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          Start (s)
          <input
            key={`s${s.start_time}`}
            type="number"
            step={0.01}
            min={0}
            aria-label="Start (s)"
            data-testid="edit.start"
            defaultValue={v.start_time}
            onChange={time('start_time')}
            className={input}
          />
        </label>
        <label className="flex items-center gap-1">
          End (s)
          <input
            key={`e${s.end_time}`}
            type="number"
            step={0.01}
            min={0}
            aria-label="End (s)"
            data-testid="edit.end"
            defaultValue={v.end_time}
            onChange={time('end_time')}
            className={input}
          />
        </label>
        <Button
          variant="danger"
          data-testid="edit.delete"
          onClick={(e) => {
            e.stopPropagation();
            void deleteSegment(editor, s.id);
          }}
        >
          Delete
        </Button>
        <Button
          variant="primary"
          data-testid="edit.save"
          disabled={!dirty && !failed}
          onClick={(e) => {
            e.stopPropagation();
            saveSegment(editor, s.id);
          }}
        >
          Save
        </Button>
        <Button
          data-testid="edit.duplicate"
          onClick={(e) => {
            e.stopPropagation();
            void duplicateSegment(editor, { ...s, ...draft });
          }}
        >
          Duplicate
        </Button>
      </div>
      {failed && (
        <p role="alert" data-testid="edit.row-error" className="text-xs text-red-700">
          {failed}
        </p>
      )}
    </div>
  );
}
