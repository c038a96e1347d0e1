// The Repository Manager's generic confirm dialog: a question, Cancel and a confirming button.
import type { ReactNode } from 'react';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm(): void;
}

export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose(): void }) {
  if (!request) return null;
  return (
    <Modal
      open
      onClose={onClose}
      title={request.title}
      testId="dialog.confirm"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant={request.danger ? 'danger' : 'primary'}
            data-testid="confirm.ok"
            onClick={() => {
              onClose();
              request.onConfirm();
            }}
          >
            {request.confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-slate-700">{request.message}</div>
    </Modal>
  );
}
