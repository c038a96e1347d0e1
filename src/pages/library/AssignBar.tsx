// Administrators' bar over the library table while rows are selected: assign them to a user from a
// menu, or unassign them. The rows and the Assignee filter update at once.
import { useEffect, useState } from 'react';
import { assignVideos, listAssignableUsers, type AssignableUser, type AssignResult } from '../../api/assignments';
import { useSnackbar } from '../../components/dialogs/Alert';
import { Button, buttonClass } from '../../components/ui/Button';
import { PopupMenu } from '../../components/ui/PopupMenu';

export function AssignBar({
  selected,
  onAssigned,
  onClear,
}: {
  selected: number[];
  onAssigned(r: AssignResult): void;
  onClear(): void;
}) {
  const [users, setUsers] = useState<AssignableUser[] | null>(null);
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  useEffect(() => {
    listAssignableUsers().then(setUsers, () => setUsers([]));
  }, []);

  const assign = async (user: AssignableUser | null) => {
    setBusy(true);
    try {
      const r = await assignVideos(selected, user?.id ?? null);
      onAssigned(r);
      snackbar.show(
        'success',
        user
          ? `Assigned ${r.updated.length} video(s) to ${r.assigned_to_name}`
          : `Unassigned ${r.updated.length} video(s)`,
      );
    } catch (e) {
      snackbar.show('error', e instanceof Error && e.message ? e.message : 'Failed to assign videos');
    } finally {
      setBusy(false);
    }
  };

  const items = [
    ...(users ?? []).map((u) => ({ label: u.name ? `${u.name} (${u.id})` : u.id, onSelect: () => void assign(u) })),
    { label: 'Unassign', onSelect: () => void assign(null), separatorBefore: (users ?? []).length > 0 },
  ];
  return (
    <div
      className="mb-3 flex items-center gap-3 rounded border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm"
      data-testid="library.assignBar"
    >
      <span data-testid="library.selectedCount">{selected.length} selected</span>
      <PopupMenu
        testId="library.assignMenu"
        buttonLabel="Assign to"
        buttonContent={busy ? 'Assigning…' : 'Assign to ▾'}
        buttonClassName={buttonClass('primary')}
        disabled={busy || users === null}
        items={items}
      />
      <Button variant="text" onClick={onClear} data-testid="library.clearSelection">
        Clear selection
      </Button>
    </div>
  );
}
