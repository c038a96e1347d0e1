// @vitest-environment jsdom
// The correction tools for a mouse user: the toolbar's buttons do what their keys do (greyed out when they
// do not apply), the timeline row's track menu deletes a typed frame range, the swap and move dialogs pick a
// track, and the follow dialog starts the job.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../src/session';
import { EditController } from '../../src/annotate/edit/EditController';
import { CorrectionToolbar } from '../../src/annotate/edit/CorrectionToolbar';
import { TrackRangeMenuButton } from '../../src/annotate/edit/CorrectionDialogs';
import { framesOf } from '../../src/annotate/document/frame-blocks';
import { sampleDoc } from '../annotate-edit/fixtures';
import { TestEditor } from './test-editor';
import { renderWithEditor } from './render-with-editor';

const signedIn = () => {
  const data = new Map([
    ['va_user', JSON.stringify({ signedIn: true, id: 'tools.user', name: '', role: 'annotator', ts: 1 })],
  ]);
  return { getItem: (k: string) => data.get(k) ?? null, setItem: () => {}, removeItem: () => {} };
};

let te: TestEditor;
beforeEach(() => {
  te = new TestEditor({ ...sampleDoc(), trackVersions: { 1: 4, 2: 9 } }).enterEditMode();
});
afterEach(() => {
  cleanup();
  te.dispose();
});

function renderTools() {
  renderWithEditor(
    te,
    <SessionProvider storage={signedIn()}>
      <CorrectionToolbar />
      <TrackRangeMenuButton trackId={2} />
      <EditController />
    </SessionProvider>,
  );
}
const frames = (t: number) => framesOf(te.doc.detections[t]).map(([f]) => f);

describe('correction toolbar and dialogs', () => {
  it('greys out the tools without a selected track; Split then splits like S', async () => {
    renderTools();
    expect(screen.getByTestId('edit.tool-split')).toBeDisabled();
    te.editor.updateUi({ selectedTrackId: 1, frame: 1 });
    await waitFor(() => expect(screen.getByTestId('edit.tool-split')).toBeEnabled());
    await userEvent.click(screen.getByTestId('edit.tool-split'));
    await waitFor(() => expect(te.doc.trackIds).toEqual([1, 2, 3]));
    expect(te.sent[0]).toMatchObject({ kind: 'track.range', call: { kind: 'split', frame: 1 } });
  });

  it('New box switches the draw tool on and off', async () => {
    renderTools();
    await userEvent.click(screen.getByTestId('edit.tool-new-box'));
    expect(te.editor.interaction.getSnapshot().context.tool).toBe('draw');
    expect(screen.getByTestId('edit.tool-new-box')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByTestId('edit.tool-new-box'));
    expect(te.editor.interaction.getSnapshot().context.tool).toBe('select');
  });

  it("the row's track menu deletes a typed frame range, refusing a reversed one in plain words", async () => {
    renderTools();
    await userEvent.click(screen.getByTestId('timeline.delete-frames'));
    const from = await screen.findByTestId('correction.from');
    await userEvent.clear(from);
    await userEvent.type(from, '3');
    const to = screen.getByTestId('correction.to');
    await userEvent.clear(to);
    await userEvent.type(to, '2');
    expect(screen.getByTestId('correction.problem')).toHaveTextContent("'From' must not be after 'to'.");
    expect(screen.getByTestId('correction.confirm')).toBeDisabled();
    await userEvent.clear(to);
    await userEvent.type(to, '3');
    await userEvent.click(screen.getByTestId('correction.confirm'));
    await waitFor(() => expect(frames(2)).toEqual([2]));
    expect(te.sent[0]).toMatchObject({ kind: 'track.range', trackId: 2, call: { kind: 'delete', from: 3, to: 3 } });
    expect(te.sentTrackVersions[0]).toEqual({ 2: 9 });
    await waitFor(() => expect(screen.queryByTestId('correction.range-delete')).toBeNull());
  });

  it('Swap… picks the other track and swaps from the current frame', async () => {
    te.editor.updateUi({ selectedTrackId: 1, frame: 2 });
    renderTools();
    await userEvent.click(screen.getByTestId('edit.tool-swap'));
    const list = await screen.findByTestId('correction.track');
    // the other tracks, nearest to the playhead first, each with a thumbnail of its box
    expect(
      within(list)
        .getAllByTestId('correction.track.option')
        .map((o) => o.dataset.track),
    ).toEqual(['2']);
    expect(within(list).getAllByTestId('track-pick.thumb')).toHaveLength(1);
    await userEvent.click(within(list).getByRole('radio', { name: /T2/ }));
    await userEvent.click(screen.getByTestId('correction.confirm'));
    await waitFor(() => expect(te.sent[0]).toMatchObject({ call: { kind: 'swap', otherTrackId: 2, from: 2 } }));
    await waitFor(() => expect(frames(1)).toEqual([0, 1, 2, 3]));
  });

  it('Follow… starts the job backward for the chosen frames', async () => {
    te.editor.updateUi({ selectedTrackId: 2, frame: 3 });
    renderTools();
    await userEvent.click(screen.getByTestId('edit.tool-follow'));
    await userEvent.selectOptions(await screen.findByTestId('correction.direction'), 'backward');
    const n = screen.getByTestId('correction.frames');
    await userEvent.clear(n);
    await userEvent.type(n, '40');
    await userEvent.click(screen.getByTestId('correction.confirm'));
    await waitFor(() =>
      expect(te.followCalls).toEqual([
        { trackId: 2, body: { from_frame: 3, direction: 'backward', max_frames: 40, version: 9 } },
      ]),
    );
  });
});
