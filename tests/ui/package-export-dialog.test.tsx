/** @vitest-environment jsdom */
// The Export Annotations dialog: defaults, enabling rules, the download under the server-given name and what
// it logs; and the export file name. The server is replaced by a fetch stub (the test's edge).
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ExportAnnotationsDialog } from '../../src/pages/storage/packages/ExportAnnotationsDialog';
import { fetchMock, json, renderDialog, source, stubServer } from './package-dialogs-setup';

stubServer();

describe('Export Annotations', () => {
  it('has every default status ticked and downloads the zip under the server-given name, then logs it', async () => {
    let finish: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(
      new Promise<Response>((r) => {
        finish = r;
      }),
    );
    const props = renderDialog(ExportAnnotationsDialog);
    for (const s of ['completed', 'reviewed', 'labelled', 'kiv', 'disqualified'])
      expect((screen.getByTestId(`export.status.${s}`) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('export.submit'));
    expect(screen.getByTestId('export.submit').textContent).toBe('Exporting…');
    expect((screen.getByTestId('export.submit') as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/admin/repo/export_source');
    expect(JSON.parse(init.body)).toEqual({
      source_root: '/media/field-a',
      status: ['completed', 'reviewed', 'labelled', 'kiv', 'disqualified'],
      include_history: false,
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const downloads: string[] = [];
    finish(
      new Response('zip', {
        headers: { 'content-disposition': 'attachment; filename="export_Field A_2026-01-01T00-00-00.000Z.zip"' },
      }),
    );
    await waitFor(() => expect(props.onLog).toHaveBeenCalledWith('Exported annotations from Field A', 'info'));
    expect(downloads).toEqual(['export_Field A_2026-01-01T00-00-00.000Z.zip']);
    expect(props.onClose).toHaveBeenCalled();
    clicked.mockRestore();
  });

  it('is disabled when nothing is selected, when the source is offline or has no processed video', () => {
    renderDialog(ExportAnnotationsDialog);
    for (const s of ['completed', 'reviewed', 'labelled', 'kiv', 'disqualified'])
      fireEvent.click(screen.getByTestId(`export.status.${s}`));
    expect((screen.getByTestId('export.submit') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderDialog(ExportAnnotationsDialog, [{ ...source, enabled: false }]);
    expect((screen.getByTestId('export.submit') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderDialog(ExportAnnotationsDialog, [{ ...source, label: '', stats: { ...source.stats!, processed: 0 } }]);
    expect((screen.getByTestId('export.submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('export.not-allowed').textContent).toBe(
      'The source has no processed videos to export (completed, reviewed, labelled, KIV or disqualified with AI results).',
    );
  });

  it('allows a source whose only processed video is labelled', () => {
    renderDialog(ExportAnnotationsDialog, [
      {
        ...source,
        stats: { total: 2, pending: 1, processing: 0, completed: 0, reviewed: 0, labelled: 1, processed: 1 },
      },
    ]);
    expect((screen.getByTestId('export.submit') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('export.not-allowed')).toBeNull();
  });

  it("logs the server's reason when the export fails", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ detail: 'The source is disabled: enable it before exporting its annotations' }, 409),
    );
    const props = renderDialog(ExportAnnotationsDialog);
    fireEvent.click(screen.getByTestId('export.submit'));
    await waitFor(() =>
      expect(props.onLog).toHaveBeenCalledWith(
        'The source is disabled: enable it before exporting its annotations',
        'error',
      ),
    );
    expect(props.onClose).not.toHaveBeenCalled();
  });
});

describe('export file name', () => {
  it("is export_{label or 'source'}_{timestamp with colons replaced by dashes}.zip", async () => {
    const { exportFileName } = await import('../../src/api/packages');
    expect(exportFileName('Field A', new Date('2026-01-02T03:04:05.006Z'))).toBe(
      'export_Field A_2026-01-02T03-04-05.006Z.zip',
    );
    expect(exportFileName('', new Date('2026-01-02T03:04:05.006Z'))).toBe('export_source_2026-01-02T03-04-05.006Z.zip');
  });
});
