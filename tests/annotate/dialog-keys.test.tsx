// @vitest-environment jsdom
// Keys typed while a dialog is open belong to the dialog: Actions → Mark KIV opens the remark box with
// the focus in it, so a remark with n, k and V in it neither walks the problems, nor changes the problem
// kind, nor marks the selected track verified, nor steps a frame; and even with the focus on one of the
// dialog's buttons no editor shortcut fires until the dialog is closed.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewSummary } from '../../domain/review-navigation';
import type { Video } from '../../domain/types';
import { SessionProvider } from '../../src/session';
import { ReviewNavBar } from '../../src/annotate/timeline/ReviewNavBar';
import { EditController } from '../../src/annotate/edit/EditController';
import { KeyboardHelp } from '../../src/annotate/keys/KeyboardHelp';
import { StatusActionsMenu } from '../../src/pages/annotate/StatusActionsMenu';
import { TestEditor } from './test-editor';
import { renderWithEditor } from './render-with-editor';

// Headless UI's menu watches its button's size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const setVideoStatus = vi.hoisted(() => vi.fn());
vi.mock('../../src/api/videos', () => ({ setVideoStatus, getVideoHistory: async () => [] }));

const signedIn = () => {
  const data = new Map([
    ['va_user', JSON.stringify({ signedIn: true, id: 'keys.user', name: '', role: 'annotator', ts: 1 })],
  ]);
  return { getItem: (k: string) => data.get(k) ?? null, setItem: () => {}, removeItem: () => {} };
};

const summary = (videoId: number): ReviewSummary => ({
  video_id: videoId,
  annotation_version: 1,
  frame_stride: 1,
  low_confidence_threshold: 0.7,
  overlap_iou: 0.5,
  tracks: [
    { track_id: 1, runs: [0, 1, 3, 5], low: [4, 5], verified: null },
    { track_id: 2, runs: [2, 8], low: [], verified: null },
  ],
  overlaps: [],
  overlaps_capped: null,
});

const video = (id: number): Video =>
  ({ id, filename: 'clip.mp4', processing_status: 'completed', previous_status: null }) as unknown as Video;

let te: TestEditor;
beforeEach(async () => {
  setVideoStatus.mockReset();
  setVideoStatus.mockImplementation(async (_id: number, status: string) => ({ status, previous_status: 'completed' }));
  te = new TestEditor();
  te.reviewSummary = summary(te.doc.videoId);
  await te.editor.review.load(te.doc.videoId);
  te.enterEditMode();
  te.editor.updateUi({ frame: 2, selectedTrackId: 1 });
});
afterEach(() => {
  cleanup();
  te.dispose();
});

function renderAnnotate() {
  const onChanged = vi.fn();
  renderWithEditor(
    te,
    <SessionProvider storage={signedIn()}>
      <StatusActionsMenu video={video(te.doc.videoId)} onChanged={onChanged} />
      <KeyboardHelp />
      <ReviewNavBar />
      <EditController />
    </SessionProvider>,
  );
  return onChanged;
}

async function openMarkKiv() {
  await userEvent.click(screen.getByTestId('header.actions'));
  await userEvent.click(await screen.findByTestId('actions.kiv'));
  return screen.findByTestId('dialog.remark');
}

/** What the review and edit keys would change. */
const snapshot = () => ({
  frame: te.ui.frame,
  selected: te.ui.selectedTrackId,
  filter: te.editor.review.state.get().filter,
  current: te.editor.review.state.get().current,
  mark: te.editor.review.markOf(1),
  sent: te.sent.length,
});

describe('keys while a dialog is open', () => {
  it('Mark KIV focuses the remark box; typing n, k and V there changes nothing and the remark is saved with the status', async () => {
    const onChanged = renderAnnotate();
    const jump = vi.spyOn(te.editor.review, 'jump');
    const verify = vi.spyOn(te.editor.review, 'setVerified');
    const before = snapshot();
    await openMarkKiv();
    const box = screen.getByTestId('remark.text');
    await waitFor(() => expect(box).toHaveFocus());
    await userEvent.keyboard('not sure, kid in V]');
    await te.settle();
    expect(box).toHaveValue('not sure, kid in V]');
    expect(snapshot()).toEqual(before);
    expect(jump).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('remark.confirm'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ processing_status: 'kiv' })));
    expect(setVideoStatus).toHaveBeenCalledWith(te.doc.videoId, 'kiv', 'not sure, kid in V]');
  });

  it('with the focus on a dialog button, n, k, V, ], ? and the edit keys do nothing until the dialog closes', async () => {
    renderAnnotate();
    const before = snapshot();
    const dialog = await openMarkKiv();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    act(() => cancel.focus());
    await userEvent.keyboard('nkV]?{ArrowRight}');
    await te.settle();
    expect(snapshot()).toEqual(before);
    expect(screen.queryByTestId('help.dialog')).toBeNull();
    expect(dialog).toBeInTheDocument();
    // closed, the same key works again
    await userEvent.click(cancel);
    await waitFor(() => expect(screen.queryByTestId('dialog.remark')).toBeNull());
    await userEvent.keyboard('k');
    expect(te.editor.review.state.get().filter).not.toBe(before.filter);
  });
});
