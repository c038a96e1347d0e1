// @vitest-environment jsdom
// Edit UI pieces as a user sees them: the Merge Tracks dialog's rules and texts, the row editor's inputs.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../src/session';
import { MergeTracksDialog, DeleteTrackButton, DeleteTrackDialog } from '../../src/annotate/edit/TrackDialogs';
import { SegmentEditorRow } from '../../src/annotate/edit/SegmentEditorRow';
import { patchStore } from '../../src/annotate/store';
import { TestEditor } from '../annotate/test-editor';
import { renderWithEditor } from '../annotate/render-with-editor';
import { sampleDoc, seg } from './fixtures';

const signedIn = () => {
  const data = new Map([
    ['va_user', JSON.stringify({ signedIn: true, id: 'ui.user', name: '', role: 'annotator', ts: 1 })],
  ]);
  return { getItem: (k: string) => data.get(k) ?? null, setItem: () => {}, removeItem: () => {} };
};
const guest = () => ({ getItem: () => null, setItem: () => {}, removeItem: () => {} });

let te: TestEditor;
const openMerge = () => act(() => patchStore(te.editor.dialogs, { merge: true }));
afterEach(() => {
  cleanup();
  te.dispose();
});

describe('Merge Tracks dialog', () => {
  it('needs a merge track other than the base before Merge is enabled', () => {
    te = new TestEditor(sampleDoc());
    renderWithEditor(
      te,
      <SessionProvider storage={signedIn()}>
        <MergeTracksDialog />
      </SessionProvider>,
    );
    openMerge();
    expect(screen.getByText('Merge Tracks')).toBeInTheDocument();
    expect(screen.getByText('Please choose two different tracks.')).toBeInTheDocument();
    const merge = screen.getByRole('button', { name: 'Merge' });
    expect(merge).toBeDisabled();
    // the merge list leaves out the base track (T1, the first: none is selected)
    const mergeList = screen.getByRole('radiogroup', { name: /^Merge track/ });
    expect(within(mergeList).queryByRole('radio', { name: /T1/ })).toBeNull();
    fireEvent.click(within(mergeList).getByRole('radio', { name: /T2/ }));
    expect(merge).toBeEnabled();
    expect(screen.queryByText('Please choose two different tracks.')).toBeNull();
  });

  it('says at least two tracks are required when there is one', () => {
    te = new TestEditor({ ...sampleDoc(), trackIds: [1] });
    renderWithEditor(
      te,
      <SessionProvider storage={signedIn()}>
        <MergeTracksDialog />
      </SessionProvider>,
    );
    openMerge();
    expect(screen.getByText('At least two tracks are required to merge.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Merge' })).toBeDisabled();
  });

  it('asks a guest to sign in instead', () => {
    te = new TestEditor(sampleDoc());
    renderWithEditor(
      te,
      <SessionProvider storage={guest()}>
        <MergeTracksDialog />
      </SessionProvider>,
    );
    openMerge();
    expect(screen.queryByText('Merge Tracks')).toBeNull();
    expect(screen.getByText('Please sign in to edit annotations.')).toBeInTheDocument();
  });
});

describe('track deletion', () => {
  it('shows the delete button only in edit mode and confirms in Track Deletion Confirmation', () => {
    te = new TestEditor(sampleDoc());
    const { rerender } = renderWithEditor(
      te,
      <>
        <DeleteTrackButton trackId={2} />
        <DeleteTrackDialog />
      </>,
    );
    expect(screen.queryByLabelText('Delete track 2')).toBeNull();
    act(() => {
      te.enterEditMode();
    });
    rerender(
      <>
        <DeleteTrackButton trackId={2} />
        <DeleteTrackDialog />
      </>,
    );
    fireEvent.click(screen.getByLabelText('Delete track 2'));
    expect(screen.getByText('Track Deletion Confirmation')).toBeInTheDocument();
    expect(screen.getByText(/Delete track T2 with all its detections and actions\?/)).toBeInTheDocument();
  });
});

describe('action row editor', () => {
  it('keeps typed times as a draft, ignores non-numeric input, and enables Save', () => {
    te = new TestEditor(sampleDoc());
    renderWithEditor(te, <SegmentEditorRow segment={seg(11, 1, 0, 2)} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('Start (s)')).toHaveAttribute('step', '0.01');
    fireEvent.change(screen.getByLabelText('End (s)'), { target: { value: 'abc' } });
    expect(te.editor.rows.get(11)).toBeUndefined();
    fireEvent.change(screen.getByLabelText('End (s)'), { target: { value: '3.25' } });
    fireEvent.change(screen.getByLabelText('Class'), { target: { value: 'kick' } });
    expect(te.editor.rows.get(11)).toEqual({ end_time: 3.25, action_class: 'kick' });
    expect(save).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeEnabled();
  });
});
