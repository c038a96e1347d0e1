// Data panel 'Data at {time in s, or frame n}': the actions active at the playhead (or all with
// Show All), one row of chips each, 'Add Action Here' (edit mode only), and in edit mode the row editors
// and the Save All / Undo / Redo buttons, the correction tools and the selected track's joints
// (JointPanel). Below its header the panel scrolls inside itself, so it never covers the player controls
// or the timeline, whatever it lists.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/Button';
import type { ActionSegment } from '../../../domain/types';
import type { AnnotationEditor } from '../editor/annotation-editor';
import { useDoc, useEditor, useUi } from '../editor/editor-context';
import { PanelButtons } from '../edit/EditController';
import { CorrectionToolbar } from '../edit/CorrectionToolbar';
import { SegmentEditorRow } from '../edit/SegmentEditorRow';
import { addSegmentHere } from '../edit/segment-saves';
import { addSegmentTarget } from '../edit/segment-target';
import { SegmentChips } from './SegmentChips';
import { JointPanel } from './JointPanel';

const EMPTY: ActionSegment[] = [];

/** Ids of the segments active at the playhead, as one string so React re-renders only when the set changes. */
function activeKey(editor: AnnotationEditor): string {
  const doc = editor.getDoc();
  const t = editor.getUi().time;
  if (!doc) return '';
  let key = '';
  for (const s of doc.segments) if (s.start_time <= t && t <= s.end_time) key += `${s.id},`;
  return key;
}

function PanelTitle() {
  const unit = useUi((s) => s.entryUnit);
  const time = useUi((s) => s.time);
  const frame = useUi((s) => s.frame);
  return (
    <h2 data-testid="panel.title" className="text-sm font-semibold">
      Data at {unit === 'frame' ? `frame ${frame}` : `${time.toFixed(2)} s`}
    </h2>
  );
}

/** Why 'Add Action Here' cannot act now ('' when it can), following the playhead and the selection. */
function useAddSegmentBlock(): string {
  const editor = useEditor();
  const subscribe = useCallback(
    (cb: () => void) => {
      const a = editor.doc.subscribe(cb);
      const b = editor.ui.subscribe(cb);
      return () => {
        a();
        b();
      };
    },
    [editor],
  );
  const read = () => {
    const doc = editor.getDoc();
    const ui = editor.getUi();
    if (ui.mode !== 'edit') return 'Switch to Edit mode to add actions';
    return doc ? (addSegmentTarget(doc, ui).reason ?? '') : 'Loading';
  };
  return useSyncExternalStore(subscribe, read, read);
}

export function DataPanel() {
  const segments = useDoc((d) => d?.segments ?? EMPTY);
  const showAll = useUi((s) => s.showAllSegments);
  const mode = useUi((s) => s.mode);
  const unit = useUi((s) => s.entryUnit);
  const selectedId = useUi((s) => s.selectedSegmentId);
  const editor = useEditor();
  const addBlocked = useAddSegmentBlock();
  const subscribeBoth = useCallback(
    (cb: () => void) => {
      const a = editor.doc.subscribe(cb);
      const b = editor.ui.subscribe(cb);
      return () => {
        a();
        b();
      };
    },
    [editor],
  );
  const read = () => activeKey(editor);
  const key = useSyncExternalStore(subscribeBoth, read, read);
  const rows = useMemo(() => {
    const ids = new Set(key.split(',').filter(Boolean).map(Number));
    const list = showAll ? segments : segments.filter((s) => ids.has(s.id));
    return [...list].sort((a, b) => a.start_time - b.start_time || a.track_id - b.track_id || a.id - b.id);
  }, [segments, showAll, key]);

  return (
    <section
      data-testid="panel.root"
      className="flex min-h-0 flex-1 flex-col overflow-hidden rounded border border-slate-200 bg-white"
    >
      <header className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-3 py-1.5">
        <PanelTitle />
        <label className="ml-auto flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            data-testid="panel.show-all"
            checked={showAll}
            onChange={(e) => editor.updateUi({ showAllSegments: e.target.checked })}
          />
          Show All
        </label>
        <span data-testid="panel.list-title" className="text-xs text-slate-500">
          {showAll ? 'All Actions' : 'Active Actions'}
        </span>
        <div className="flex w-full flex-wrap items-center gap-1 [&_button]:!px-2 [&_button]:!py-1 [&_button]:!text-xs">
          <Button
            data-testid="panel.add-action"
            disabled={addBlocked !== ''}
            title={addBlocked || 'Add an action on the selected track (or the track here) from the playhead'}
            onClick={() => {
              void addSegmentHere(editor);
            }}
          >
            Add Action Here
          </Button>
          {mode === 'edit' && <PanelButtons />}
        </div>
        {mode === 'edit' && addBlocked && (
          <span data-testid="panel.add-action-reason" className="text-xs text-slate-500">
            {addBlocked}
          </span>
        )}
      </header>
      {/* one scroll area below the header: the tools, the joints and the actions are all reachable */}
      <div data-testid="panel.body" className="min-h-0 flex-1 overflow-y-auto">
        {mode === 'edit' && (
          <div className="border-b border-slate-200 px-3 py-1.5">
            <CorrectionToolbar />
          </div>
        )}
        {mode === 'edit' && <JointPanel />}
        <div className="p-2">
          {segments.length === 0 ? (
            <p data-testid="panel.empty" className="text-sm text-slate-500">
              No actions for this video.
            </p>
          ) : rows.length === 0 ? (
            <p data-testid="panel.empty" className="text-sm text-slate-500">
              No actions at this {unit === 'frame' ? 'frame' : 'time'}.
            </p>
          ) : (
            <ul className="flex flex-col gap-1">
              {rows.slice(0, 500).map((s) => (
                <li
                  key={s.id}
                  data-testid="panel.row"
                  data-segment={s.id}
                  className={`rounded border px-2 py-1 ${s.id === selectedId ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200'}`}
                  onClick={() => editor.updateUi({ selectedSegmentId: s.id, selectedTrackId: s.track_id })}
                >
                  {mode === 'edit' ? <SegmentEditorRow segment={s} /> : <SegmentChips segment={s} />}
                </li>
              ))}
              {rows.length > 500 && <li className="text-xs text-slate-500">{rows.length - 500} more…</li>}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
