/** @vitest-environment jsdom */
// The Import Annotations dialog and its result panel: texts, defaults, enabling rules, the queued job it
// follows, the result it shows and what it tells the repository page. The server is replaced by a fetch stub.
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IMPORT_POLL_MS, ImportAnnotationsDialog } from '../../src/pages/storage/packages/ImportAnnotationsDialog';
import { ImportResultPanel } from '../../src/pages/storage/packages/ImportResultPanel';
import { fetchMock, json, renderDialog, source, stubServer } from './package-dialogs-setup';

stubServer();

function fillImport(opts: { dryRun?: boolean } = {}) {
  const file = new File([new Uint8Array(2048)], 'package.zip', { type: 'application/zip' });
  fireEvent.change(screen.getByTestId('import.file'), { target: { files: [file] } });
  fireEvent.change(screen.getByTestId('import.source-root'), { target: { value: '  /old/root  ' } });
  if (opts.dryRun) fireEvent.click(screen.getByTestId('import.dry-run'));
}

const started = {
  job_id: 7,
  status: 'queued',
  progress: { videos_imported: 0, videos_skipped: 0, videos_failed: 0 },
  summary: {},
  warnings: [],
  errors: [],
};

describe('Import Annotations', () => {
  it('shows its texts and defaults, and enables Import only with a file and both paths', () => {
    renderDialog(ImportAnnotationsDialog);
    const dialog = screen.getByTestId('packages.import-dialog');
    expect(within(dialog).getByText('Import Annotations')).toBeTruthy();
    expect(screen.getByTestId('import.target-name').textContent).toBe('Importing to: Field A');
    expect(dialog.textContent).toContain('Original root path from the exported environment');
    expect(dialog.textContent).toContain('Destination root path in this environment');
    expect((screen.getByTestId('import.target-root') as HTMLInputElement).value).toBe('/media/field-a');
    expect((screen.getByTestId('import.mode') as HTMLSelectElement).value).toBe('skip_existing');
    expect([...(screen.getByTestId('import.mode') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Skip Existing (safest)',
      'Overwrite (with safety checks)',
    ]);
    expect(screen.getByTestId('import.mode-hint').textContent).toBe('Skip videos that already have annotations');
    fireEvent.change(screen.getByTestId('import.mode'), { target: { value: 'overwrite' } });
    expect(screen.getByTestId('import.mode-hint').textContent).toBe(
      "Replace existing annotations (won't overwrite reviewed/labelled)",
    );
    expect((screen.getByTestId('import.validate') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('import.dry-run') as HTMLInputElement).checked).toBe(false);
    expect(dialog.textContent).toContain('Validate video files exist');
    expect(dialog.textContent).toContain('Dry run (preview only)');
    expect((screen.getByTestId('import.submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('import.cancel').textContent).toBe('Cancel');
    fillImport();
    expect(screen.getByTestId('import.file-info').textContent).toBe('package.zip (2.0 KB)');
    expect((screen.getByTestId('import.submit') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('import.submit').textContent).toBe('Import');
    fireEvent.click(screen.getByTestId('import.dry-run'));
    expect(screen.getByTestId('import.submit').textContent).toBe('Preview Import');
    fireEvent.change(screen.getByTestId('import.target-root'), { target: { value: ' ' } });
    fireEvent.blur(screen.getByTestId('import.target-root'));
    expect(dialog.textContent).toContain('Target root path is required');
    expect((screen.getByTestId('import.submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('imports: sends trimmed paths, merges the job details fetched once, caps lists at five, refreshes and logs', async () => {
    fetchMock.mockResolvedValueOnce(json(started));
    const warnings = Array.from({ length: 7 }, (_, i) => `warning ${i + 1}`);
    fetchMock.mockResolvedValueOnce(
      json({
        job_id: 7,
        status: 'completed',
        progress: { videos_imported: 3, videos_skipped: 7, videos_failed: 0 },
        summary: { persons_imported: 12, actions_imported: 4 },
        warnings,
        errors: [],
      }),
    );
    const props = renderDialog(ImportAnnotationsDialog);
    fillImport();
    fireEvent.click(screen.getByTestId('import.submit'));
    expect(screen.getByTestId('import.submit').textContent).toBe('Importing…');
    await screen.findByTestId('import.result');
    const form = fetchMock.mock.calls[0][1].body as FormData;
    expect(JSON.parse(form.get('config') as string)).toEqual({
      source_root: '/old/root',
      target_root: '/media/field-a',
      mode: 'skip_existing',
      validate_files: true,
      dry_run: false,
    });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/v1/admin/repo/import_jobs/7');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('import.result-title').textContent).toBe('Import Complete');
    expect(screen.getByTestId('import.result').dataset.style).toBe('success');
    expect(screen.getByTestId('import.result.videos-imported').textContent).toBe('3');
    expect(screen.getByTestId('import.result.persons-imported').textContent).toBe('12');
    expect(screen.getByTestId('import.result.job-id').textContent).toBe('7');
    const list = screen.getByTestId('import.warnings');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(list.textContent).toContain('...and 2 more');
    expect(screen.getByTestId('import.cancel').textContent).toBe('Close');
    expect(props.onImported).toHaveBeenCalledTimes(1);
    expect(props.onLog).toHaveBeenCalledWith('Imported annotations to Field A', 'info');
  });

  it('stays busy while the queued import runs and shows what it imported once it has finished', async () => {
    fetchMock.mockResolvedValueOnce(json(started));
    fetchMock.mockResolvedValueOnce(json({ job_id: 7, status: 'queued', progress: { videos_imported: 0 } }));
    fetchMock.mockResolvedValueOnce(json({ job_id: 7, status: 'running', progress: { videos_imported: 1 } }));
    fetchMock.mockResolvedValueOnce(
      json({
        job_id: 7,
        status: 'completed',
        progress: { videos_imported: 2, videos_skipped: 0, videos_failed: 0 },
        summary: { persons_imported: 5 },
      }),
    );
    const props = renderDialog(ImportAnnotationsDialog);
    fillImport();
    fireEvent.click(screen.getByTestId('import.submit'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('import.submit').textContent).toBe('Importing…');
    expect(screen.queryByTestId('import.result')).toBeNull();
    await screen.findByTestId('import.result', undefined, { timeout: 4 * IMPORT_POLL_MS });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(screen.getByTestId('import.result.status').textContent).toBe('completed');
    expect(screen.getByTestId('import.result').dataset.style).toBe('success');
    expect(screen.getByTestId('import.result.videos-imported').textContent).toBe('2');
    expect(screen.getByTestId('import.result.persons-imported').textContent).toBe('5');
    expect(props.onImported).toHaveBeenCalledTimes(1);
  });

  it('keeps its result when the page re-renders it with an equal source list (after the reload it asks for)', async () => {
    fetchMock.mockResolvedValueOnce(json(started));
    fetchMock.mockResolvedValueOnce(json({ job_id: 7, status: 'completed', progress: { videos_imported: 1 } }));
    const props = { open: true, onClose: vi.fn(), sources: [source], onLog: vi.fn(), onImported: vi.fn() };
    const { rerender } = render(<ImportAnnotationsDialog {...props} />);
    fillImport();
    fireEvent.click(screen.getByTestId('import.submit'));
    await screen.findByTestId('import.result');
    rerender(
      <ImportAnnotationsDialog {...props} sources={[{ ...source, stats: { ...source.stats, completed: 2 } }]} />,
    );
    expect(screen.getByTestId('import.result-title').textContent).toBe('Import Complete');
    expect(screen.getByTestId('import.result.videos-imported').textContent).toBe('1');
    expect((screen.getByTestId('import.source-root') as HTMLInputElement).value).toBe('  /old/root  ');
  });

  it('a dry run shows Dry Run Results and neither refreshes nor logs an import', async () => {
    fetchMock.mockResolvedValueOnce(json({ ...started, status: 'completed' }));
    fetchMock.mockResolvedValueOnce(json({ status: 'completed', dry_run: true }));
    const props = renderDialog(ImportAnnotationsDialog);
    fillImport({ dryRun: true });
    fireEvent.click(screen.getByTestId('import.submit'));
    await screen.findByTestId('import.result');
    expect(screen.getByTestId('import.result-title').textContent).toBe('Dry Run Results');
    expect(props.onImported).not.toHaveBeenCalled();
    expect(props.onLog).not.toHaveBeenCalled();
  });

  it('shows the start response alone in warning style when the job detail fetch fails; N/A without a job id', async () => {
    fetchMock.mockResolvedValueOnce(json({ ...started, errors: ['a', 'b', 'c', 'd', 'e', 'f'] }));
    fetchMock.mockResolvedValueOnce(json({ detail: 'boom' }, 500));
    renderDialog(ImportAnnotationsDialog);
    fillImport();
    fireEvent.click(screen.getByTestId('import.submit'));
    await screen.findByTestId('import.result');
    expect(screen.getByTestId('import.result.status').textContent).toBe('queued');
    expect(screen.getByTestId('import.result').dataset.style).toBe('warning');
    expect(screen.getByTestId('import.errors').textContent).toContain('...and 1 more');
    cleanup();
    fetchMock.mockResolvedValueOnce(json({ ...started, job_id: null, status: 'failed' }));
    renderDialog(ImportAnnotationsDialog);
    fillImport();
    fireEvent.click(screen.getByTestId('import.submit'));
    await screen.findByTestId('import.result');
    expect(screen.getByTestId('import.result.job-id').textContent).toBe('N/A');
  });

  it("logs the server's reason when the import is refused", async () => {
    fetchMock.mockResolvedValueOnce(json({ detail: 'manifest.json: not valid JSON' }, 400));
    const props = renderDialog(ImportAnnotationsDialog);
    fillImport();
    fireEvent.click(screen.getByTestId('import.submit'));
    await waitFor(() => expect(props.onLog).toHaveBeenCalledWith('manifest.json: not valid JSON', 'error'));
    expect(screen.getByTestId('import.error').textContent).toBe('manifest.json: not valid JSON');
  });
});

describe('Import result', () => {
  it('lists what happened to each video, so an import ended by a restart shows the videos it did', () => {
    render(
      <ImportResultPanel
        dryRun={false}
        result={{
          job_id: 9,
          status: 'failed',
          dry_run: false,
          mode: 'skip_existing',
          source_root: '/media/field-a',
          target_root: '/media/field-b',
          validate_files: true,
          initiated_by: 'boss',
          started_at: '2026-01-01T00:00:00.000Z',
          finished_at: '2026-01-01T00:05:00.000Z',
          progress: { videos_imported: 2, videos_skipped: 1, videos_failed: 0, videos_total: 7 },
          summary: {},
          warnings: [],
          errors: ['Interrupted: the server stopped after 3 of 7 videos.'],
          videos: [
            { rel_path: 'day 0/a.mp4', outcome: 'imported', detail: null },
            {
              rel_path: 'day 1/b.mp4',
              outcome: 'skipped',
              detail: 'skipped, its annotations changed after the import began (not overwritten)',
            },
            { rel_path: 'day 2/c.mp4', outcome: 'imported', detail: null },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('import.result-title').textContent).toBe('Import Failed');
    expect(
      within(screen.getByTestId('import.videos'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'day 0/a.mp4: imported',
      'day 1/b.mp4: skipped, its annotations changed after the import began (not overwritten)',
      'day 2/c.mp4: imported',
    ]);
  });

  it('says in plain words that edited videos are never overwritten and an interrupted import does not resume', () => {
    renderDialog(ImportAnnotationsDialog);
    expect(screen.getByTestId('import.rule').textContent).toBe(
      'A video whose annotations change after the import starts is skipped, never overwritten. ' +
        'An import stopped by a server restart is not resumed: the videos it did stay imported; import the package again for the rest.',
    );
  });
});
