/** @vitest-environment jsdom */
// The Annotate screen's Import… dialog: a dry run previews what the file adds (nothing is replaced), Import
// is enabled only after a preview, and a reviewed or labelled video needs the confirm box ticked. The
// server is replaced by a fetch stub (the test's edge).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ImportTracksDialog } from '../../src/pages/annotate/ImportTracksDialog';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const result = (dryRun: boolean, needsConfirm = false) => ({
  format: 'cvat-video',
  dry_run: dryRun,
  tracks_imported: 2,
  detections_imported: 7,
  segments_imported: 2,
  replaced: 0,
  needs_confirm: needsConfirm,
  track_ids: [
    { file_id: 4, track_id: 9 },
    { file_id: 5, track_id: 10 },
  ],
  warnings: ['Track ids already in use: imported tracks are numbered from 9'],
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  const props = { videoId: 3, open: true, onClose: vi.fn(), onImported: vi.fn() };
  render(<ImportTracksDialog {...props} />);
  fireEvent.change(screen.getByTestId('import.format'), { target: { value: 'cvat-video' } });
  fireEvent.change(screen.getByTestId('import.file'), {
    target: { files: [new File(['<annotations/>'], 'cvat.xml')] },
  });
  return props;
}
const sent = (call: number) => fetchMock.mock.calls[call][1].body as FormData;

it('previews with a dry run, then imports and tells the screen what was added', async () => {
  const props = open();
  expect((screen.getByTestId('import.apply') as HTMLButtonElement).disabled).toBe(true);
  fetchMock.mockResolvedValueOnce(json(result(true)));
  fireEvent.click(screen.getByTestId('import.preview'));
  await waitFor(() =>
    expect(screen.getByTestId('import.summary').textContent).toContain(
      'Will add 2 track(s) with 7 box(es), 2 action(s). Nothing stored is replaced.',
    ),
  );
  expect(screen.getByTestId('import.summary').textContent).toContain("the file's tracks become 4 → 9, 5 → 10");
  expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/annotations/3/import');
  expect([sent(0).get('format'), sent(0).get('dry_run'), sent(0).get('confirm')]).toEqual(['cvat-video', 'true', null]);
  fetchMock.mockResolvedValueOnce(json(result(false)));
  fireEvent.click(screen.getByTestId('import.apply'));
  await waitFor(() =>
    expect(props.onImported).toHaveBeenCalledWith(
      'Added 2 track(s) with 7 box(es), 2 action(s). Nothing stored is replaced.',
    ),
  );
  expect(sent(1).get('dry_run')).toBe('false');
});

it('on a reviewed or labelled video, Import waits for the confirm box and sends confirm', async () => {
  const props = open();
  fetchMock.mockResolvedValueOnce(json(result(true, true)));
  fireEvent.click(screen.getByTestId('import.preview'));
  await waitFor(() => expect(screen.getByTestId('import.confirm')).toBeTruthy());
  expect((screen.getByTestId('import.apply') as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(screen.getByTestId('import.confirm'));
  expect((screen.getByTestId('import.apply') as HTMLButtonElement).disabled).toBe(false);
  fetchMock.mockResolvedValueOnce(json(result(false, true)));
  fireEvent.click(screen.getByTestId('import.apply'));
  await waitFor(() => expect(props.onImported).toHaveBeenCalled());
  expect(sent(1).get('confirm')).toBe('true');
});

it("shows the server's refusal of a malformed file", async () => {
  open();
  fetchMock.mockResolvedValueOnce(json({ detail: 'Not a valid cvat-video file: Not XML' }, 422));
  fireEvent.click(screen.getByTestId('import.preview'));
  await waitFor(() =>
    expect(screen.getByTestId('import.error').textContent).toContain('Not a valid cvat-video file: Not XML'),
  );
  expect((screen.getByTestId('import.apply') as HTMLButtonElement).disabled).toBe(true);
});
