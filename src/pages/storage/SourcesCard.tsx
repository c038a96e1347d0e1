// Source Folders: every source with its per-status counts, the Online/Offline switch, and the
// add, edit, remove, export and import actions.
import { useState } from 'react';
import { Switch } from '@headlessui/react';
import { addSource, updateSource, type SourceDto, type SourceInput } from '../../api/storage';
import { Alert } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { RefreshIcon } from '../../components/ui/icons';
import { useActivityLog } from './ActivityLog';
import { Card } from './Card';
import { ExportAnnotationsDialog } from './packages/ExportAnnotationsDialog';
import { ImportAnnotationsDialog } from './packages/ImportAnnotationsDialog';
import { RemoveSourceDialog } from './RemoveSourceDialog';
import { SourceForm } from './SourceForm';
import { duplicateRoots, ROLE_OPTIONS } from './source-form-rules';

const STAT_LABELS = [
  ['total', 'Total'],
  ['pending', 'Pending'],
  ['processing', 'Processing'],
  ['completed', 'Completed'],
  ['reviewed', 'Reviewed'],
  ['labelled', 'Labelled'],
] as const;

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; source: SourceDto }
  | { kind: 'remove'; source: SourceDto }
  | { kind: 'export'; source: SourceDto }
  | { kind: 'import'; source: SourceDto };

export interface SourcesCardProps {
  sources: SourceDto[];
  loading: boolean;
  error: string | null;
  onReload(): void;
  /** A call that may have started or recorded a job (a scan), so Job History looks again. */
  onJobsChanged(): void;
}

function OnlineSwitch({ source, busy, onToggle }: { source: SourceDto; busy: boolean; onToggle(): void }) {
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={source.enabled}
        onChange={onToggle}
        disabled={busy}
        data-testid="repo.sourceToggle"
        aria-label={`${source.label}: ${source.enabled ? 'Online' : 'Offline'}`}
        className="group relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-300 transition data-[checked]:bg-green-600 data-[disabled]:opacity-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <span className="inline-block h-4 w-4 translate-x-0.5 rounded-full bg-white transition group-data-[checked]:translate-x-[18px]" />
      </Switch>
      <span
        data-testid="repo.sourceState"
        className={`text-xs font-medium ${source.enabled ? 'text-green-700' : 'text-slate-500'}`}
      >
        {source.enabled ? 'Online' : 'Offline'}
      </span>
    </div>
  );
}

export function SourcesCard({ sources, loading, error, onReload, onJobsChanged }: SourcesCardProps) {
  const { appendLog } = useActivityLog();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const duplicates = duplicateRoots(sources);
  const close = () => {
    setDialog(null);
    setFormError(null);
  };

  const save = async (values: SourceInput) => {
    if (!dialog || (dialog.kind !== 'add' && dialog.kind !== 'edit')) return;
    setSaving(true);
    setFormError(null);
    try {
      const saved = dialog.kind === 'add' ? await addSource(values) : await updateSource(dialog.source.root, values);
      appendLog(
        dialog.kind === 'add'
          ? `Added source ${saved.label} (${saved.root})`
          : `Updated source ${saved.label} (${saved.root})`,
        'info',
      );
      if (saved.enabled && (dialog.kind === 'add' || !dialog.source.enabled || dialog.source.root !== saved.root))
        appendLog(`Scanning ${saved.label} for videos…`, 'info');
      close();
      onReload();
      onJobsChanged();
    } catch (e) {
      const text = (e as Error).message || (dialog.kind === 'add' ? 'Failed to add source' : 'Failed to update source');
      setFormError(text);
      appendLog(text, 'error');
    } finally {
      setSaving(false);
    }
  };

  const toggle = async (s: SourceDto) => {
    setToggling(s.root);
    try {
      await updateSource(s.root, { root: s.root, label: s.label, role: s.role ?? '', enabled: !s.enabled });
      appendLog(`Source ${s.label} is now ${s.enabled ? 'Offline' : 'Online'}`, 'info');
      onReload();
      onJobsChanged();
    } catch (e) {
      appendLog(`${(e as Error).message || 'Failed to update source'} (${s.label})`, 'error');
    } finally {
      setToggling(null);
    }
  };

  return (
    <Card
      title="Source Folders"
      testId="repo.sourcesCard"
      actions={
        <>
          <Button onClick={onReload} aria-label="Refresh sources" data-testid="repo.refreshSources">
            <RefreshIcon />
          </Button>
          <Button variant="primary" data-testid="repo.addSource" onClick={() => setDialog({ kind: 'add' })}>
            Add Source
          </Button>
        </>
      }
    >
      {error && (
        <Alert severity="error" testId="repo.sourcesError">
          {error}
        </Alert>
      )}
      {duplicates.length > 0 && (
        <Alert severity="warning" testId="repo.duplicateRoots">
          More than one source uses the same root: {duplicates.join(', ')}
        </Alert>
      )}
      {!error && !loading && sources.length === 0 && (
        <p className="text-sm text-slate-500">No source folders configured.</p>
      )}
      <ul className="divide-y divide-slate-200">
        {sources.map((s) => (
          <li
            key={s.root}
            data-testid="repo.sourceRow"
            data-root={s.root}
            className="flex flex-wrap items-start gap-3 py-3"
          >
            <div className="min-w-64 flex-1">
              <div className="flex items-center gap-2">
                <span data-testid="repo.sourceLabel" className="font-medium text-slate-900">
                  {s.label}
                </span>
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                  {ROLE_OPTIONS.find((o) => o.value === (s.role ?? ''))?.label ?? s.role}
                </span>
              </div>
              <code data-testid="repo.sourceRoot" className="block break-all text-xs text-slate-600">
                {s.root}
              </code>
              <div data-testid="repo.sourceStats" className="mt-1 flex flex-wrap gap-1 text-xs">
                {STAT_LABELS.map(([k, label]) => (
                  <span
                    key={k}
                    data-testid={`repo.stat.${k}`}
                    className="rounded bg-indigo-50 px-1.5 py-0.5 text-indigo-900"
                  >
                    {label}: {s.stats[k]}
                  </span>
                ))}
              </div>
            </div>
            <OnlineSwitch source={s} busy={toggling === s.root} onToggle={() => toggle(s)} />
            <div className="flex flex-wrap gap-1">
              <Button data-testid="repo.editSource" onClick={() => setDialog({ kind: 'edit', source: s })}>
                Edit
              </Button>
              <Button data-testid="repo.exportSource" onClick={() => setDialog({ kind: 'export', source: s })}>
                Export Annotations
              </Button>
              <Button data-testid="repo.importSource" onClick={() => setDialog({ kind: 'import', source: s })}>
                Import Annotations
              </Button>
              <Button
                variant="danger"
                data-testid="repo.removeSource"
                onClick={() => setDialog({ kind: 'remove', source: s })}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <SourceForm
          editing={dialog.kind === 'edit' ? dialog.source : undefined}
          sources={sources}
          busy={saving}
          error={formError}
          onCancel={close}
          onSave={save}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveSourceDialog
          source={dialog.source}
          onClose={close}
          onLog={appendLog}
          onRemoved={() => {
            onReload();
          }}
        />
      )}
      <ExportAnnotationsDialog
        open={dialog?.kind === 'export'}
        onClose={close}
        sources={dialog?.kind === 'export' ? [dialog.source] : []}
        onLog={appendLog}
        onImported={onReload}
      />
      <ImportAnnotationsDialog
        open={dialog?.kind === 'import'}
        onClose={close}
        sources={dialog?.kind === 'import' ? [dialog.source] : []}
        onLog={appendLog}
        onImported={() => {
          onReload();
          onJobsChanged();
        }}
      />
    </Card>
  );
}
