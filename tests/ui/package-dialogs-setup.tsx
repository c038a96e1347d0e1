// Shared setup of the package dialog tests: a source, a JSON answer, the fetch stub that stands in for the
// server (the tests' edge) and a dialog rendered open with spy callbacks.
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { ExportAnnotationsDialog } from '../../src/pages/storage/packages/ExportAnnotationsDialog';
import type { SourceDto } from '../../src/api/packages';

export const source: SourceDto = {
  root: '/media/field-a',
  label: 'Field A',
  role: '',
  enabled: true,
  created_at: '2026-01-01T00:00:00.000Z',
  stats: { total: 3, pending: 0, processing: 0, completed: 1, reviewed: 1, labelled: 1, processed: 3 },
};
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The fetch stub, fresh for every test (the caller's file registers it with stubServer()). */
export const fetchMock = vi.fn();

/** Replaces fetch and the object URLs for every test of the calling file, and unmounts after each. */
export function stubServer() {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export function renderDialog(Dialog: typeof ExportAnnotationsDialog, sources: SourceDto[] = [source]) {
  const props = { open: true, onClose: vi.fn(), sources, onLog: vi.fn(), onImported: vi.fn() };
  render(<Dialog {...props} />);
  return props;
}
