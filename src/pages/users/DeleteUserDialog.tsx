// 'Confirm Delete User': the account is removed for good, with all its access; Cancel or 'Delete User'.
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';

export function DeleteUserDialog({
  userId,
  busy,
  onCancel,
  onConfirm,
}: {
  userId: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={userId !== null}
      onClose={busy ? () => {} : onCancel}
      title="Confirm Delete User"
      testId="users.deleteDialog"
      actions={
        <>
          <Button data-testid="users.deleteCancel" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" data-testid="users.deleteConfirm" disabled={busy} onClick={onConfirm}>
            {busy ? 'Deleting...' : 'Delete User'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        Are you sure you want to delete the user <strong className="font-mono">{userId}</strong>? The account will be
        permanently removed and all of its access permissions revoked. This action cannot be undone.
      </p>
    </Modal>
  );
}
