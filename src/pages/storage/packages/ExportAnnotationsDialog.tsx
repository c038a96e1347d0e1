// 'Export Annotations': the statuses to include (default completed, reviewed, labelled, KIV and
// disqualified), then a zip download named export_{label or 'source'}_{timestamp}.zip. Export may start
// only when the source is enabled and has at least one processed video (domain/processed-videos.ts, the
// same rule the server applies).
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/dialogs/Modal';
import { EXPORT_STATUS_OPTIONS, exportSourceAnnotations, sourceName, type SourceDto } from '../../../api/packages';
import { saveBlob } from '../../../components/save-blob';
import { SourcePicker } from './SourcePicker';
import { PROCESSED_RULE_TEXT } from '../../../../domain/processed-videos';

export interface ExportAnnotationsDialogProps {
  open: boolean;
  onClose(): void;
  sources: SourceDto[];
  onLog(message: string, kind: 'info' | 'error'): void;
  onImported(): void;
}

const DEFAULT_STATUSES = EXPORT_STATUS_OPTIONS.map((o) => o.value as string);

export function ExportAnnotationsDialog({ open, onClose, sources, onLog }: ExportAnnotationsDialogProps) {
  const [root, setRoot] = useState('');
  const [statuses, setStatuses] = useState<string[]>(DEFAULT_STATUSES);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Reset when the dialog opens (or opens for another source), not whenever the parent re-renders with
  // an equal list: the page re-renders on every activity-log line and reload, which would wipe a result.
  const firstRoot = sources[0]?.root ?? '';
  useEffect(() => {
    if (!open) return;
    setRoot(firstRoot);
    setStatuses(DEFAULT_STATUSES);
    setError(null);
  }, [open, firstRoot]);
  const source = sources.find((s) => s.root === root) ?? sources[0];
  const allowed = !!source && source.enabled && (source.stats?.processed ?? 0) > 0;

  const toggle = (value: string) =>
    setStatuses((cur) => (cur.includes(value) ? cur.filter((s) => s !== value) : [...cur, value]));

  async function run() {
    if (!source || !allowed || !statuses.length) return;
    setBusy(true);
    setError(null);
    try {
      const { blob, filename } = await exportSourceAnnotations(source, statuses);
      saveBlob(blob, filename);
      onLog(`Exported annotations from ${sourceName(source)}`, 'info');
      onClose();
    } catch (e) {
      const message = (e as Error).message || 'Failed to export annotations';
      setError(message);
      onLog(message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      title="Export Annotations"
      testId="packages.export-dialog"
      actions={
        <>
          <Button data-testid="export.cancel" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            data-testid="export.submit"
            disabled={busy || !statuses.length || !allowed}
            onClick={() => void run()}
          >
            {busy ? 'Exporting…' : 'Export'}
          </Button>
        </>
      }
    >
      <SourcePicker sources={sources} value={source?.root ?? ''} onChange={setRoot} testId="export.source" />
      {source && (
        <p data-testid="export.source-name" className="mb-3 text-sm text-slate-700">
          Exporting from: {sourceName(source)}
        </p>
      )}
      <fieldset className="mb-2">
        <legend className="text-sm font-medium text-slate-700">Statuses</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {EXPORT_STATUS_OPTIONS.map((o) => (
            <label key={o.value} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                data-testid={`export.status.${o.value}`}
                checked={statuses.includes(o.value)}
                onChange={() => toggle(o.value)}
              />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>
      {source && !allowed && (
        <p data-testid="export.not-allowed" className="text-sm text-amber-700">
          {source.enabled
            ? `The source has no processed videos to export (${PROCESSED_RULE_TEXT}).`
            : 'The source is offline: enable it to export its annotations.'}
        </p>
      )}
      {error && (
        <p role="alert" data-testid="export.error" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </Modal>
  );
}
