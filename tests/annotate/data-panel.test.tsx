// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataPanel } from '../../src/annotate/panel/DataPanel';
import { emptyDoc } from '../../src/annotate/document/types';
import type { ActionSegment } from '../../domain/types';
import { TestEditor } from './test-editor';
import { renderWithEditor } from './render-with-editor';

const info = { id: 1, filename: 'a.mp4', width: 640, height: 360, fps: 30, duration: 20, total_frames: 600 };
const seg = (
  id: number,
  track: number,
  start: number,
  end: number,
  cls: ActionSegment['action_class'],
): ActionSegment => ({
  id,
  track_id: track,
  action_class: cls,
  start_time: start,
  end_time: end,
  confidence: 0.65,
  human_verified: false,
  created_by_id: 'ann1',
});

let te: TestEditor;
afterEach(() => {
  cleanup();
  te.dispose();
});
const updateUi = (p: Parameters<TestEditor['editor']['updateUi']>[0]) => te.editor.updateUi(p);

describe('DataPanel', () => {
  it('says there are no actions for a video without segments', () => {
    te = new TestEditor(emptyDoc(1, info));
    renderWithEditor(te, <DataPanel />);
    expect(screen.getByTestId('panel.empty')).toHaveTextContent('No actions for this video.');
    expect(screen.getByTestId('panel.title')).toHaveTextContent('Data at 0.00 s');
    expect(screen.getByRole('button', { name: 'Add Action Here' })).toBeDisabled();
  });

  it('lists the actions active at the playhead, follows it, and Show All lists every action', async () => {
    te = new TestEditor({
      ...emptyDoc(1, info),
      trackIds: [1, 2],
      segments: [seg(1, 1, 1, 3, 'run'), seg(2, 2, 2, 4, 'kick')],
    });
    renderWithEditor(te, <DataPanel />);
    expect(screen.getByTestId('panel.empty')).toHaveTextContent('No actions at this time.');
    act(() => updateUi({ time: 2.5, frame: 75 }));
    expect(screen.getByTestId('panel.title')).toHaveTextContent('Data at 2.50 s');
    expect(screen.getAllByTestId('panel.row')).toHaveLength(2);
    expect(screen.getAllByTestId('chip.class').map((c) => c.textContent)).toEqual(['run', 'kick']);
    expect(screen.getAllByTestId('chip.created-by')[0]).toHaveTextContent('Created by ann1');
    act(() => updateUi({ time: 3.5, frame: 105, entryUnit: 'frame' }));
    expect(screen.getByTestId('panel.title')).toHaveTextContent('Data at frame 105');
    expect(screen.getAllByTestId('panel.row')).toHaveLength(1);
    act(() => updateUi({ time: 10, frame: 300 }));
    expect(screen.getByTestId('panel.empty')).toHaveTextContent('No actions at this frame.');
    expect(screen.getByTestId('panel.list-title')).toHaveTextContent('Active Actions');
    await userEvent.click(screen.getByLabelText('Show All'));
    expect(screen.getByTestId('panel.list-title')).toHaveTextContent('All Actions');
    expect(screen.getAllByTestId('panel.row')).toHaveLength(2);
  });

  it('shows the row editors and enables Add Action Here in edit mode; Add Action Here creates an action', async () => {
    te = new TestEditor({
      ...emptyDoc(1, info),
      trackIds: [1],
      trackRanges: { 1: { first: 0, last: 299 } },
      segments: [seg(1, 1, 0, 3, 'run')],
    }).enterEditMode();
    renderWithEditor(te, <DataPanel />);
    expect(screen.getByTestId('edit.row')).toHaveAttribute('data-segment', '1');
    expect(screen.getByRole('button', { name: 'Save All' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Action Here' }));
    expect(te.sent).toEqual([
      expect.objectContaining({
        kind: 'segment.create',
        purpose: 'add',
        segment: expect.objectContaining({ track_id: 1, action_class: 'run', start_time: 0, end_time: 2 }),
      }),
    ]);
    expect(await screen.findAllByTestId('edit.new-chip')).toHaveLength(1);
  });

  it('disables Add Action Here with the reason when no track is at the playhead', () => {
    te = new TestEditor({
      ...emptyDoc(1, info),
      trackIds: [1],
      trackRanges: { 1: { first: 0, last: 29 } },
      segments: [],
    }).enterEditMode();
    te.editor.updateUi({ frame: 60, time: 2 });
    renderWithEditor(te, <DataPanel />);
    const button = screen.getByRole('button', { name: 'Add Action Here' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'No track at the playhead: go to a frame where a person is tracked');
    expect(screen.getByTestId('panel.add-action-reason')).toHaveTextContent('No track at the playhead');
  });
});
