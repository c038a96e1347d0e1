// Library controls: search, Status multi-select, Source and Assignee filters, Upload,
// Process and Batch Export menus, Re-ingest Source (only with a source chosen) and Refresh.
import { useEffect, useRef, useState } from 'react';
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useNavigate } from 'react-router-dom';
import { sourceLabel } from '../../api/sources';
import {
  BATCH_PROCESS_FRACTIONS,
  VIDEO_STATUSES,
  type BatchExportMode,
  type BatchProcessFraction,
  type VideoStatus,
} from '../../../domain/constants';
import type { Assignee, Source } from '../../../domain/types';
import { Button, buttonClass } from '../../components/ui/Button';
import { PopupMenu } from '../../components/ui/PopupMenu';
import { RefreshIcon } from '../../components/ui/icons';
import type { ListState } from '../../../machines/list-state';

export const EXPORT_MODE_LABELS: Record<BatchExportMode, string> = {
  first10: 'First 10 labelled',
  first50: 'First 50 labelled',
  first100: 'First 100 labelled',
  '0.8': 'Top 80% labelled',
  '1.0': 'All labelled (100%)',
};

const control =
  'rounded border border-slate-300 bg-white px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
const ALL = '__all__';

export interface ToolbarProps {
  state: ListState;
  sources: Source[];
  assignees: Assignee[];
  onChange: (patch: Partial<ListState>) => void;
  onProcess: (f: BatchProcessFraction) => void;
  onExport: (m: BatchExportMode) => void;
  onReingest: () => void;
  onRefresh: () => void;
  busy: { export: boolean; reingest: boolean };
}

function StatusFilter({ value, onChange }: { value: VideoStatus[]; onChange: (v: VideoStatus[]) => void }) {
  return (
    <Listbox
      value={value}
      onChange={(v: (VideoStatus | typeof ALL)[]) => onChange(v.includes(ALL) ? [] : (v as VideoStatus[]))}
      multiple
    >
      <div className="relative">
        <ListboxButton data-testid="library.statusFilter" className={`${control} min-w-40 text-left`}>
          <span className="text-xs text-slate-500">Status: </span>
          {value.length ? value.join(', ') : 'All statuses'}
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-40 min-w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
        >
          <ListboxOption value={ALL} className="cursor-pointer px-3 py-1.5 text-sm data-[focus]:bg-indigo-50">
            All statuses
          </ListboxOption>
          {VIDEO_STATUSES.map((s) => (
            <ListboxOption
              key={s}
              value={s}
              data-testid={`library.statusOption.${s}`}
              className="group flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm data-[focus]:bg-indigo-50"
            >
              <span className="inline-block w-4 text-indigo-700 opacity-0 group-data-[selected]:opacity-100">✓</span>
              {s}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  );
}

export function LibraryToolbar({
  state,
  sources,
  assignees,
  onChange,
  onProcess,
  onExport,
  onReingest,
  onRefresh,
  busy,
}: ToolbarProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useState(state.q);
  // The box follows the URL only when q changed elsewhere (back button, restore), never over fresh typing.
  const pushed = useRef(state.q);
  useEffect(() => {
    if (state.q !== pushed.current) {
      pushed.current = state.q;
      setSearch(state.q);
    }
  }, [state.q]);
  const apply = (q: string) => {
    pushed.current = q;
    onChange({ q });
  };
  // Search applies after a short pause in typing so every key press does not reload the list.
  useEffect(() => {
    if (search === pushed.current) return;
    const t = setTimeout(() => {
      pushed.current = search;
      onChange({ q: search });
    }, 300);
    return () => clearTimeout(t);
  }, [search, onChange]);
  const assigneeValue = state.unassigned ? '__unassigned__' : state.assignee;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <input
        type="search"
        data-testid="library.search"
        aria-label="Search"
        placeholder="Search filename or path..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply(search);
        }}
        className={`${control} w-64`}
      />
      <StatusFilter value={state.status} onChange={(status) => onChange({ status })} />
      <label className="flex items-center gap-1 text-xs text-slate-500">
        Source
        <select
          data-testid="library.sourceFilter"
          aria-label="Source"
          value={state.source}
          onChange={(e) => onChange({ source: e.target.value })}
          className={control}
        >
          <option value="">All Sources</option>
          {sources
            .filter((s) => s.enabled || s.root === state.source)
            .map((s) => (
              <option key={s.root} value={s.root} title={s.root}>
                {sourceLabel(s.root)}
              </option>
            ))}
        </select>
      </label>
      <label className="flex items-center gap-1 text-xs text-slate-500">
        Assignee
        <select
          data-testid="library.assigneeFilter"
          aria-label="Assignee"
          value={assigneeValue}
          onChange={(e) =>
            onChange(
              e.target.value === '__unassigned__'
                ? { unassigned: true, assignee: '' }
                : { unassigned: false, assignee: e.target.value },
            )
          }
          className={control}
        >
          <option value="">All</option>
          <option value="__unassigned__">Unassigned</option>
          {assignees.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name || a.id} ({a.count})
            </option>
          ))}
        </select>
      </label>
      <div className="flex-1" />
      <Button onClick={() => navigate('/upload')}>Upload</Button>
      <PopupMenu
        testId="library.processMenu"
        buttonLabel="Process"
        buttonContent="Process ▾"
        buttonClassName={buttonClass()}
        items={BATCH_PROCESS_FRACTIONS.map((f) => ({ label: f, onSelect: () => onProcess(f) }))}
      />
      <PopupMenu
        testId="library.exportMenu"
        buttonLabel="Batch Export"
        buttonContent={busy.export ? 'Exporting…' : 'Batch Export ▾'}
        buttonClassName={buttonClass()}
        disabled={busy.export}
        items={(Object.keys(EXPORT_MODE_LABELS) as BatchExportMode[]).map((m) => ({
          label: EXPORT_MODE_LABELS[m],
          onSelect: () => onExport(m),
        }))}
      />
      {state.source && (
        <Button data-testid="library.reingest" disabled={busy.reingest} onClick={onReingest}>
          {busy.reingest ? 'Re-ingesting…' : 'Re-ingest Source'}
        </Button>
      )}
      <Button data-testid="library.refresh" onClick={onRefresh}>
        <RefreshIcon /> Refresh
      </Button>
    </div>
  );
}
