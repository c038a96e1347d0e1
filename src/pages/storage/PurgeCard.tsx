// Purge Deleted Videos: removes videos marked deleted for good (rows and annotations; files only of
// videos a person deleted, and only while the file is still the one ingested). A dry run reports which
// files would go and which records alone; a real run asks first.
import { useState } from 'react';
import { purgeDeleted, type PurgeResult, type SourceDto } from '../../api/storage';
import { Alert } from '../../components/dialogs/Alert';
import { Button } from '../../components/ui/Button';
import { useActivityLog } from './ActivityLog';
import { Card } from './Card';
import type { ConfirmRequest } from './ConfirmDialog';

const control =
  'rounded border border-slate-300 bg-white px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

/** The limit field's value as the request takes it: a positive whole number, else none (empty or 0 mean no limit). */
export function parseLimit(text: string): number | undefined {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A limit that is neither empty nor a whole number of 0 or more. */
export const limitIsInvalid = (text: string) =>
  text.trim() !== '' && !(Number.isInteger(Number(text.trim())) && Number(text.trim()) >= 0);

const FIGURES = [
  ['attempted', 'Attempted'],
  ['db_deleted', 'DB deleted'],
  ['files_deleted', 'Files deleted'],
  ['files_missing', 'Files missing'],
] as const;

/** The rule, in the screen's words: which files a purge deletes, and which it never touches. */
export const PURGE_RULE =
  'A video’s file is deleted only when a person deleted the video and the file is still the one that was ingested. ' +
  'Videos marked deleted because their file went missing lose only their record; if the file is back, they are kept and the next scan restores them. ' +
  'Videos added before file identities were recorded never have their files deleted.';

function PathList({ title, paths, count, testId }: { title: string; paths: string[]; count: number; testId: string }) {
  if (!count) return null;
  return (
    <details data-testid={testId} open={count <= 20}>
      <summary className="cursor-pointer font-medium">
        {title} ({count}
        {paths.length < count ? `, first ${paths.length} listed` : ''})
      </summary>
      <ul className="list-disc break-all pl-5 text-xs">
        {paths.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </details>
  );
}

function PurgeResultPanel({ result }: { result: PurgeResult }) {
  const rowsOnly = result.rows_only ?? [];
  return (
    <div data-testid="purge.result" className="mt-3 space-y-2 rounded border border-slate-200 bg-slate-50 p-3 text-sm">
      <div className="font-medium">{result.dry_run ? 'Dry run: nothing was deleted' : 'Purge complete'}</div>
      <div className="flex flex-wrap gap-3">
        {FIGURES.map(([k, label]) => (
          <span key={k} data-testid={`purge.${k}`}>
            {label}: <strong>{result[k]}</strong>
          </span>
        ))}
        <span data-testid="purge.errorCount">
          Errors: <strong>{result.errors.length}</strong>
        </span>
      </div>
      <PathList
        title={result.dry_run ? 'Files that would be deleted' : 'Files deleted'}
        paths={result.files_to_delete ?? []}
        count={result.files_deleted}
        testId="purge.filesToDelete"
      />
      <PathList
        title={
          result.dry_run ? 'Records that would be removed, files left on disk' : 'Records removed, files left on disk'
        }
        paths={rowsOnly}
        count={result.db_deleted - result.files_deleted}
        testId="purge.rowsOnly"
      />
      {result.errors.length > 0 && (
        <ul data-testid="purge.errors" className="list-disc pl-5 text-xs text-red-700">
          {result.errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      )}
      {(result.warnings?.length ?? 0) > 0 && (
        <Alert severity="warning" testId="purge.warnings">
          <ul className="list-disc pl-4">
            {result.warnings!.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}

export function PurgeCard({
  sources,
  onConfirm,
  onDone,
}: {
  sources: SourceDto[];
  onConfirm(r: ConfirmRequest): void;
  onDone(): void;
}) {
  const { appendLog } = useActivityLog();
  const [dryRun, setDryRun] = useState(true);
  const [sourceRoot, setSourceRoot] = useState('');
  const [limitText, setLimitText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PurgeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const limitInvalid = limitIsInvalid(limitText);
  const source = sources.find((s) => s.root === sourceRoot);
  const scope = source ? `source ${source.label || source.root}` : 'all sources';

  const purge = async () => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const r = await purgeDeleted({
        dry_run: dryRun,
        source_root: sourceRoot || undefined,
        limit: parseLimit(limitText),
      });
      setResult(r);
      appendLog(
        `${r.dry_run ? 'Purge dry run' : 'Purge'} (${scope}): attempted ${r.attempted}, DB deleted ${r.db_deleted}, files deleted ${r.files_deleted}, files missing ${r.files_missing}`,
        'info',
      );
      for (const e of r.errors) appendLog(`Purge: ${e}`, 'error');
      if (!r.dry_run) onDone();
    } catch (e) {
      const text =
        (e as Error).message || (sourceRoot ? 'Failed to purge deleted videos for source' : 'Failed to purge records');
      setError(text);
      appendLog(text, 'error');
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    if (dryRun) {
      void purge();
      return;
    }
    onConfirm({
      title: 'Purge Deleted Videos',
      confirmLabel: 'Purge',
      danger: true,
      onConfirm: () => {
        void purge();
      },
      message: (
        <>
          Permanently delete the records and annotations of videos marked deleted in {scope}
          {parseLimit(limitText) ? ` (at most ${parseLimit(limitText)})` : ''}, and the files of those a person deleted?
          This cannot be undone. Run a dry run first to see which files would go.
        </>
      ),
    });
  };

  return (
    <Card title="Purge Deleted Videos" testId="repo.purgeCard">
      <p data-testid="purge.rule" className="mb-2 text-xs text-slate-600">
        {PURGE_RULE}
      </p>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            data-testid="purge.dryRun"
            checked={dryRun}
            onChange={(e) => setDryRun(e.target.checked)}
          />
          Dry run
        </label>
        <label>
          <span className="block font-medium">Source (optional)</span>
          <select
            data-testid="purge.source"
            className={control}
            value={sourceRoot}
            onChange={(e) => setSourceRoot(e.target.value)}
          >
            <option value="">All sources</option>
            {sources.map((s) => (
              <option key={s.root} value={s.root}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="block font-medium">Limit (optional)</span>
          <input
            type="number"
            min={1}
            step={1}
            data-testid="purge.limit"
            className={`${control} w-28`}
            value={limitText}
            aria-invalid={limitInvalid}
            onChange={(e) => setLimitText(e.target.value)}
            placeholder="No limit"
          />
        </label>
        <Button
          variant={dryRun ? 'secondary' : 'danger'}
          data-testid="purge.run"
          disabled={busy || limitInvalid}
          onClick={start}
        >
          {busy ? 'Purging…' : dryRun ? 'Preview Purge' : 'Purge'}
        </Button>
      </div>
      {limitInvalid && (
        <p className="mt-1 text-xs text-red-700">
          The limit must be a positive whole number (empty or 0 for no limit).
        </p>
      )}
      {error && (
        <div className="mt-3">
          <Alert severity="error" testId="purge.error">
            {error}
          </Alert>
        </div>
      )}
      {result && <PurgeResultPanel result={result} />}
    </Card>
  );
}
