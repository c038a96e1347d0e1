// @vitest-environment jsdom
// Status History: 'No history', old → new, remark, 'by' user or 'guest', error entry.
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { StatusHistoryDialog, historyErrorEntry } from '../../src/components/dialogs/StatusHistoryDialog';

afterEach(cleanup);

it('shows No history when empty', () => {
  render(<StatusHistoryDialog open title="Status History" entries={[]} onClose={() => {}} />);
  expect(screen.getByText('No history')).toBeInTheDocument();
});

it('lists changes with remark and by user or guest, and a failure as one error entry', () => {
  const { rerender } = render(
    <StatusHistoryDialog
      open
      title="History Status: a.mp4"
      onClose={() => {}}
      entries={[
        {
          id: 2,
          changed_at: '2026-01-02T10:00:00Z',
          old_status: 'completed',
          new_status: 'kiv',
          remark: 'blurry',
          changed_by_id: 'ann',
        },
        {
          id: 1,
          changed_at: '2026-01-01T10:00:00Z',
          old_status: 'pending',
          new_status: 'completed',
          remark: null,
          changed_by_id: null,
        },
      ]}
    />,
  );
  expect(screen.getByRole('heading', { name: 'History Status: a.mp4' })).toBeInTheDocument();
  const items = screen.getAllByTestId('history.entry');
  expect(items[0]).toHaveTextContent('completed → kiv');
  expect(items[0]).toHaveTextContent('blurry');
  expect(items[0]).toHaveTextContent('by ann');
  expect(items[1]).toHaveTextContent('by guest');
  rerender(
    <StatusHistoryDialog open title="Status History" onClose={() => {}} entries={[historyErrorEntry('HTTP 500')]} />,
  );
  expect(screen.getAllByTestId('history.entry')).toHaveLength(1);
  expect(screen.getByTestId('history.entry')).toHaveTextContent('→ error');
});
