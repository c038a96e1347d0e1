/** @vitest-environment jsdom */
// Every dialog puts the focus on its first field when it opens, so what the user types lands there and not
// on the page's shortcuts; a dialog without an enabled field focuses its first button.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { VIDEO_SETTINGS_DEFAULTS } from '../../domain/constants';
import type { SourceDto } from '../../src/api/packages';
import { RemarkDialog } from '../../src/components/dialogs/RemarkDialog';
import { SettingsDialog } from '../../src/components/shell/SettingsDialog';
import { ExportAnnotationsDialog } from '../../src/pages/storage/packages/ExportAnnotationsDialog';
import { ImportAnnotationsDialog } from '../../src/pages/storage/packages/ImportAnnotationsDialog';
import { ConfirmDialog } from '../../src/pages/storage/ConfirmDialog';
import { DeleteUserDialog } from '../../src/pages/users/DeleteUserDialog';
import { KeyboardHelpDialog } from '../../src/annotate/keys/KeyboardHelp';

afterEach(cleanup);

const source = (root: string): SourceDto => ({
  root,
  label: root,
  role: '',
  enabled: true,
  created_at: '2026-01-01T00:00:00.000Z',
  stats: { total: 1, pending: 0, processing: 0, completed: 1, reviewed: 0, labelled: 0, processed: 1 },
});
const packageProps = { open: true, onClose: vi.fn(), onLog: vi.fn(), onImported: vi.fn() };
const settingsProps = { open: true, settings: VIDEO_SETTINGS_DEFAULTS, onClose: vi.fn(), onSave: async () => true };

const cases: { dialog: string; ui: ReactElement; focused: () => HTMLElement }[] = [
  {
    dialog: 'Mark as KIV (remark)',
    ui: <RemarkDialog open kind="kiv" onClose={vi.fn()} onConfirm={vi.fn()} />,
    focused: () => screen.getByTestId('remark.text'),
  },
  {
    dialog: 'Export Annotations, two sources',
    ui: <ExportAnnotationsDialog {...packageProps} sources={[source('/a'), source('/b')]} />,
    focused: () => screen.getByTestId('export.source'),
  },
  {
    dialog: 'Export Annotations, one source',
    ui: <ExportAnnotationsDialog {...packageProps} sources={[source('/a')]} />,
    focused: () => screen.getByTestId('export.status.completed'),
  },
  {
    dialog: 'Import Annotations',
    ui: <ImportAnnotationsDialog {...packageProps} sources={[source('/a')]} />,
    focused: () => screen.getByTestId('import.file'),
  },
  {
    dialog: 'Settings',
    ui: <SettingsDialog {...settingsProps} canSave />,
    focused: () => screen.getByTestId('settings.autoCompleted'),
  },
  {
    dialog: 'Settings, read-only (every field disabled)',
    ui: <SettingsDialog {...settingsProps} canSave={false} />,
    focused: () => screen.getByTestId('settings.close'),
  },
  {
    dialog: 'Confirm Delete User (no field)',
    ui: <DeleteUserDialog userId="a.user" busy={false} onCancel={vi.fn()} onConfirm={vi.fn()} />,
    focused: () => screen.getByTestId('users.deleteCancel'),
  },
  {
    dialog: 'a repository confirm (no field)',
    ui: (
      <ConfirmDialog
        request={{ title: 'Rescan?', message: 'Rescan now?', confirmLabel: 'Rescan', onConfirm: vi.fn() }}
        onClose={vi.fn()}
      />
    ),
    focused: () => screen.getByRole('button', { name: 'Cancel' }),
  },
  {
    // a long read with no field opens at its top: the focus is on its title
    dialog: 'Keyboard shortcuts (no field)',
    ui: <KeyboardHelpDialog open onClose={vi.fn()} />,
    focused: () => screen.getByRole('heading', { name: 'Keyboard shortcuts' }),
  },
];

describe('dialog focus on open', () => {
  for (const c of cases) {
    it(`${c.dialog} focuses its first field`, async () => {
      render(c.ui);
      await waitFor(() => expect(c.focused()).toHaveFocus());
    });
  }
});
