// Ingestion & Maintenance: re-ingest one source or all of them, and the Activity Log that collects
// what every card did and every failure.
import { useState } from 'react';
import { reingestAll, reingestOne, type SourceDto } from '../../api/storage';
import { Button } from '../../components/ui/Button';
import { ActivityLog, useActivityLog } from './ActivityLog';
import { Card } from './Card';

export interface IngestCardProps {
  sources: SourceDto[];
  /** Called when a re-ingest starts (true) and ends (false), so Job History follows it meanwhile. */
  onBusy(busy: boolean): void;
  onDone(): void;
}

const control =
  'rounded border border-slate-300 bg-white px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function IngestCard({ sources, onBusy, onDone }: IngestCardProps) {
  const { appendLog } = useActivityLog();
  const [chosen, setChosen] = useState('');
  const [deleteMissing, setDeleteMissing] = useState(false);
  const [includeDisabled, setIncludeDisabled] = useState(false);
  const [busy, setBusy] = useState<null | 'one' | 'all'>(null);
  const source = sources.find((s) => s.root === chosen);
  const name = (s: { label?: string; root: string }) => s.label || s.root;

  const run = async (kind: 'one' | 'all', work: () => Promise<void>) => {
    setBusy(kind);
    onBusy(true);
    try {
      await work();
    } finally {
      setBusy(null);
      onBusy(false);
      onDone();
    }
  };

  const one = () =>
    source &&
    run('one', async () => {
      appendLog(`Re-ingesting ${name(source)}…`, 'info');
      try {
        const r = await reingestOne(source.root, deleteMissing);
        appendLog(`Re-ingested ${name(source)}: added ${r.added}, removed ${r.removed}`, 'info');
        for (const err of r.errors ?? []) appendLog(`${name(source)}: ${err}`, 'error');
      } catch (e) {
        appendLog(`${(e as Error).message || 'Failed to re-ingest source'} (${name(source)})`, 'error');
      }
    });

  const all = () =>
    run('all', async () => {
      appendLog(`Re-ingesting all ${includeDisabled ? '' : 'enabled '}sources…`, 'info');
      try {
        const r = await reingestAll(deleteMissing, includeDisabled);
        for (const s of r.sources) {
          const label = name(sources.find((x) => x.root === s.root) ?? s);
          appendLog(`Re-ingested ${label}: added ${s.added}, removed ${s.removed}`, 'info');
          for (const err of s.errors) appendLog(`${label}: ${err}`, 'error');
        }
        appendLog(
          `Re-ingest of ${r.sources.length} source(s) finished: added ${r.added}, removed ${r.removed}`,
          'info',
        );
      } catch (e) {
        appendLog((e as Error).message || 'Failed to re-ingest source', 'error');
      }
    });

  return (
    <Card title="Ingestion & Maintenance" testId="repo.ingestCard">
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block font-medium">Source</span>
          <select
            data-testid="ingest.source"
            className={control}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          >
            <option value="">Choose a source…</option>
            {sources.map((s) => (
              <option key={s.root} value={s.root}>
                {s.label} {s.enabled ? '' : '(Offline)'}
              </option>
            ))}
          </select>
        </label>
        <Button
          data-testid="ingest.one"
          disabled={!source || !source.enabled || !!busy}
          onClick={one}
          title={source && !source.enabled ? 'Source must be online before re-ingesting.' : undefined}
        >
          {busy === 'one' ? 'Re-ingesting…' : 'Re-ingest Source'}
        </Button>
        <Button data-testid="ingest.all" disabled={!!busy} onClick={all}>
          {busy === 'all' ? 'Re-ingesting…' : 'Re-ingest All Sources'}
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            data-testid="ingest.deleteMissing"
            checked={deleteMissing}
            onChange={(e) => setDeleteMissing(e.target.checked)}
          />
          Mark missing files deleted
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            data-testid="ingest.includeDisabled"
            checked={includeDisabled}
            onChange={(e) => setIncludeDisabled(e.target.checked)}
          />
          Include disabled sources (all sources only)
        </label>
      </div>
      <p data-testid="ingest.rules" className="mt-1 text-xs text-slate-600">
        Marking missing files deleted hides their videos; a purge then removes only their records, never files, and a
        later scan restores any whose file is back (moving a source’s root scans it at once). Files ffprobe cannot read,
        and links that lead outside the source folder, are not added: they are listed as errors.
      </p>
      <ActivityLog />
    </Card>
  );
}
