// 'Remove Source Folder': refused while the source is enabled; otherwise removes its rows (never its
// files) and shows what was removed.
import { useState } from 'react';
import { removeSource, type RemoveSourceResult, type SourceDto } from '../../api/storage';
import { Alert } from '../../components/dialogs/Alert';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';

export const DISABLE_FIRST = 'Disable the source before removing it.';

export function RemoveSourceDialog({
  source,
  onClose,
  onRemoved,
  onLog,
}: {
  source: SourceDto;
  onClose(): void;
  onRemoved(result: RemoveSourceResult): void;
  onLog(message: string, kind: 'info' | 'error'): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RemoveSourceResult | null>(null);
  const name = source.label || source.root;
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await removeSource(source.root);
      setResult(r);
      onLog(
        `Removed source ${name}: ${r.summary.db_deleted} database record(s) deleted, ${r.summary.files_removed} file(s) removed`,
        'info',
      );
      onRemoved(r);
    } catch (e) {
      const text = (e as Error).message || 'Failed to delete source';
      setError(text);
      onLog(`Failed to delete source ${name}: ${text}`, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Remove Source Folder"
      testId="dialog.removeSource"
      actions={
        result ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              variant="danger"
              data-testid="removeSource.confirm"
              disabled={busy || source.enabled}
              onClick={remove}
            >
              {busy ? 'Removing…' : 'Remove'}
            </Button>
          </>
        )
      }
    >
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          Remove <strong>{name}</strong> (<code className="break-all">{source.root}</code>) and its {source.stats.total}{' '}
          video record(s) with their annotations?
        </p>
        <p className="text-slate-500">The video files stay on disk.</p>
        {source.enabled && !result && (
          <Alert severity="warning" testId="removeSource.enabledWarning">
            {DISABLE_FIRST}
          </Alert>
        )}
        {error && (
          <Alert severity="error" testId="removeSource.error">
            {error}
          </Alert>
        )}
        {result && (
          <Alert severity="success" testId="removeSource.result">
            Source removed. Database records deleted:{' '}
            <span data-testid="removeSource.dbDeleted">{result.summary.db_deleted}</span>; files removed:{' '}
            <span data-testid="removeSource.filesRemoved">{result.summary.files_removed}</span>
          </Alert>
        )}
      </div>
    </Modal>
  );
}
