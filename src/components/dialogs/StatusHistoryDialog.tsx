// Status History: time, old → new status, optional remark, 'by' user or 'guest'.
// Empty: 'No history'. The caller turns a load failure into a single entry whose new status is 'error'.
import type { HistoryEntry } from '../../../domain/types';
import { Button } from '../ui/Button';
import { Modal } from './Modal';

/** The single entry shown when the history cannot be loaded. */
export function historyErrorEntry(message: string): HistoryEntry {
  return {
    id: -1,
    changed_at: new Date().toISOString(),
    old_status: null,
    new_status: 'error',
    remark: message,
    changed_by_id: null,
  };
}

export function StatusHistoryDialog({
  open,
  title,
  entries,
  loading = false,
  onClose,
}: {
  open: boolean;
  title: string;
  entries: HistoryEntry[];
  loading?: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      testId="dialog.history"
      width="max-w-lg"
      actions={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {loading ? (
        <p className="text-slate-500">Loading…</p>
      ) : entries.length === 0 ? (
        <p className="text-slate-600">No history</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {entries.map((h) => (
            <li key={h.id} data-testid="history.entry" className="py-2 text-sm">
              <div className="text-xs text-slate-500">{new Date(h.changed_at).toLocaleString()}</div>
              <div className="font-medium">
                {h.old_status ?? '—'} → {h.new_status}
              </div>
              {h.remark && <div className="text-slate-700">{h.remark}</div>}
              <div className="text-xs text-slate-500">by {h.changed_by_id || 'guest'}</div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
