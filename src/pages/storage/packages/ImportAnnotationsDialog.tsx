// 'Import Annotations': a package zip, the root it was exported from and the root it goes to, a mode
// (skip_existing by default, or overwrite, which never touches reviewed or labelled videos), file
// validation (on) and dry run (off). The start response is shown merged with the job's details; a real
// import runs on the job queue, so its details are fetched again until it has finished (the dialog stays
// busy meanwhile) so the result shows what was imported. Then the repository view is refreshed and the
// activity log told.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/dialogs/Modal';
import { MAX_TRACKS_PER_FRAME, MAX_TRACKS_PER_VIDEO } from '../../../../domain/formats/import-limits';
import {
  getImportJob,
  sourceName,
  startImport,
  type ImportJobResult,
  type ImportMode,
  type SourceDto,
} from '../../../api/packages';
import { ImportResultPanel } from './ImportResultPanel';
import { SourcePicker } from './SourcePicker';

export interface ImportAnnotationsDialogProps {
  open: boolean;
  onClose(): void;
  sources: SourceDto[];
  onLog(message: string, kind: 'info' | 'error'): void;
  onImported(): void;
}

const MODES: Array<{ value: ImportMode; label: string; hint: string }> = [
  { value: 'skip_existing', label: 'Skip Existing (safest)', hint: 'Skip videos that already have annotations' },
  {
    value: 'overwrite',
    label: 'Overwrite (with safety checks)',
    hint: "Replace existing annotations (won't overwrite reviewed/labelled)",
  },
];

/** How often a queued or running import job is looked at again. */
export const IMPORT_POLL_MS = 1000;
const unfinished = (status: string | undefined) => status === 'queued' || status === 'running';

const field =
  'mt-1 block w-full rounded border border-slate-300 p-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function ImportAnnotationsDialog({ open, onClose, sources, onLog, onImported }: ImportAnnotationsDialogProps) {
  const [root, setRoot] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sourceRoot, setSourceRoot] = useState('');
  const [targetRoot, setTargetRoot] = useState('');
  const [mode, setMode] = useState<ImportMode>('skip_existing');
  const [validateFiles, setValidateFiles] = useState(true);
  const [dryRun, setDryRun] = useState(false);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ job: ImportJobResult; dryRun: boolean } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Reset when the dialog opens (or opens for another source), not whenever the parent re-renders with
  // an equal list: the page re-renders on every activity-log line and reload, which would wipe a result.
  const firstRoot = sources[0]?.root ?? '';
  useEffect(() => {
    if (!open) return;
    const first = firstRoot;
    setRoot(first);
    setFile(null);
    setSourceRoot('');
    setTargetRoot(first);
    setMode('skip_existing');
    setValidateFiles(true);
    setDryRun(false);
    setTouched({});
    setError(null);
    setResult(null);
  }, [open, firstRoot]);

  const source = sources.find((s) => s.root === root) ?? sources[0];
  const problems = {
    file: file ? null : 'Please select a file to import',
    source: sourceRoot.trim() ? null : 'Source root path is required',
    target: targetRoot.trim() ? null : 'Target root path is required',
  };
  const ready = !problems.file && !problems.source && !problems.target;
  const touch = (k: string) => setTouched((t) => ({ ...t, [k]: true }));
  const shown = (k: keyof typeof problems) => (touched[k] ? problems[k] : null);

  function pickSource(next: string) {
    // the target follows the chosen source unless the user typed another one
    if (targetRoot === root) setTargetRoot(next);
    setRoot(next);
  }

  async function run() {
    setTouched({ file: true, source: true, target: true });
    if (!ready || !file) return;
    setBusy(true);
    setError(null);
    const asDryRun = dryRun;
    try {
      const started = await startImport(file, {
        source_root: sourceRoot.trim(),
        target_root: targetRoot.trim(),
        mode,
        validate_files: validateFiles,
        dry_run: asDryRun,
      });
      let job = started;
      if (started.job_id != null) {
        try {
          job = { ...started, ...(await getImportJob(started.job_id)) };
          while (unfinished(job.status) && mounted.current) {
            await new Promise((r) => setTimeout(r, IMPORT_POLL_MS));
            job = { ...job, ...(await getImportJob(started.job_id)) };
          }
        } catch {
          /* the last answer received is shown */
        }
      }
      if (!mounted.current) return;
      setResult({ job, dryRun: asDryRun });
      if (!asDryRun) {
        onImported();
        onLog(`Imported annotations to ${source ? sourceName(source) : targetRoot.trim()}`, 'info');
      }
    } catch (e) {
      const message = (e as Error).message || 'Failed to import annotations';
      setError(message);
      onLog(message, 'error');
    } finally {
      setBusy(false);
    }
  }

  const modeHint = MODES.find((m) => m.value === mode)!.hint;
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      title="Import Annotations"
      testId="packages.import-dialog"
      width="max-w-lg"
      actions={
        <>
          <Button data-testid="import.cancel" disabled={busy} onClick={onClose}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          <Button variant="primary" data-testid="import.submit" disabled={busy || !ready} onClick={() => void run()}>
            {busy ? 'Importing…' : dryRun ? 'Preview Import' : 'Import'}
          </Button>
        </>
      }
    >
      <SourcePicker sources={sources} value={source?.root ?? ''} onChange={pickSource} testId="import.source" />
      {source && (
        <p data-testid="import.target-name" className="mb-3 text-sm text-slate-700">
          Importing to: {sourceName(source)}
        </p>
      )}

      <label className="block text-sm font-medium text-slate-700">
        ZIP file
        <input
          type="file"
          accept=".zip"
          data-testid="import.file"
          className="mt-1 block w-full text-sm"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            touch('file');
          }}
        />
      </label>
      {file && (
        <p data-testid="import.file-info" className="mt-1 text-xs text-slate-600">
          {file.name} ({(file.size / 1024).toFixed(1)} KB)
        </p>
      )}
      <p data-testid="import.rules" className="mt-1 text-xs text-slate-500">
        The whole package is refused if a box, score or frame is out of range, or if a frame has more than
        {` ${MAX_TRACKS_PER_FRAME.toLocaleString('en-US')} `}tracks or a video more than{' '}
        {MAX_TRACKS_PER_VIDEO.toLocaleString('en-US')}.
      </p>
      {shown('file') && <p className="mt-1 text-xs text-red-700">{shown('file')}</p>}

      <label className="mt-3 block text-sm font-medium text-slate-700">
        Source Root Path *
        <input
          data-testid="import.source-root"
          className={field}
          required
          value={sourceRoot}
          onChange={(e) => setSourceRoot(e.target.value)}
          onBlur={() => touch('source')}
        />
      </label>
      <p className={`mt-1 text-xs ${shown('source') ? 'text-red-700' : 'text-slate-500'}`}>
        {shown('source') ?? 'Original root path from the exported environment'}
      </p>

      <label className="mt-3 block text-sm font-medium text-slate-700">
        Target Root Path *
        <input
          data-testid="import.target-root"
          className={field}
          required
          value={targetRoot}
          onChange={(e) => setTargetRoot(e.target.value)}
          onBlur={() => touch('target')}
        />
      </label>
      <p className={`mt-1 text-xs ${shown('target') ? 'text-red-700' : 'text-slate-500'}`}>
        {shown('target') ?? 'Destination root path in this environment'}
      </p>

      <label className="mt-3 block text-sm font-medium text-slate-700">
        Import Mode
        <select
          data-testid="import.mode"
          className={field}
          value={mode}
          onChange={(e) => setMode(e.target.value as ImportMode)}
        >
          {MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      <p data-testid="import.mode-hint" className="mt-1 text-xs text-slate-500">
        {modeHint}
      </p>
      <p data-testid="import.rule" className="mt-1 text-xs text-slate-500">
        A video whose annotations change after the import starts is skipped, never overwritten. An import stopped by a
        server restart is not resumed: the videos it did stay imported; import the package again for the rest.
      </p>

      <label className="mt-3 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          data-testid="import.validate"
          checked={validateFiles}
          onChange={(e) => setValidateFiles(e.target.checked)}
        />
        Validate video files exist
      </label>
      <label className="mt-1 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          data-testid="import.dry-run"
          checked={dryRun}
          onChange={(e) => setDryRun(e.target.checked)}
        />
        Dry run (preview only)
      </label>

      {error && (
        <p role="alert" data-testid="import.error" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {result && <ImportResultPanel result={result.job} dryRun={result.dryRun} />}
    </Modal>
  );
}
