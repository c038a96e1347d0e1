// @vitest-environment jsdom
// The settings dialog's Review section: the lock of reviewed and labelled videos shows the server's value,
// an administrator's click saves it at once, a refused save puts the box back and says why, and others
// see it read-only. The server is replaced by a fetch stub (the test's edge).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewLockSection } from '../../src/components/shell/ReviewLockSection';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const box = () => screen.getByRole('checkbox', { name: 'Lock reviewed and labelled videos for annotators' });

it("shows the server's value; an administrator's click saves it at once", async () => {
  fetchMock.mockResolvedValueOnce(json({ lock_reviewed_for_annotators: false }));
  render(<ReviewLockSection canSave />);
  await vi.waitFor(() => expect(box()).toBeEnabled());
  expect(box()).not.toBeChecked();
  fetchMock.mockResolvedValueOnce(json({ lock_reviewed_for_annotators: true }));
  await userEvent.click(box());
  expect(fetchMock.mock.calls[1][0]).toBe('/api/v1/settings/review');
  expect(fetchMock.mock.calls[1][1]).toMatchObject({ method: 'PUT' });
  expect(JSON.parse(fetchMock.mock.calls[1][1].body as string)).toEqual({ lock_reviewed_for_annotators: true });
  await vi.waitFor(() => expect(screen.getByTestId('settings.lockReviewedNote')).toHaveTextContent('Saved.'));
  expect(box()).toBeChecked();
});

it('a refused save puts the box back and shows why', async () => {
  fetchMock.mockResolvedValueOnce(json({ lock_reviewed_for_annotators: true }));
  render(<ReviewLockSection canSave />);
  await vi.waitFor(() => expect(box()).toBeChecked());
  fetchMock.mockResolvedValueOnce(json({ detail: 'Administrator role required' }, 403));
  await userEvent.click(box());
  await vi.waitFor(() =>
    expect(screen.getByTestId('settings.lockReviewedNote')).toHaveTextContent('Administrator role required'),
  );
  expect(box()).toBeChecked();
});

it('is read-only for annotators, showing the value in force', async () => {
  fetchMock.mockResolvedValueOnce(json({ lock_reviewed_for_annotators: true }));
  render(<ReviewLockSection canSave={false} />);
  await vi.waitFor(() => expect(box()).toBeChecked());
  expect(box()).toBeDisabled();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
