// @vitest-environment jsdom
// Settings dialog: sections and option sets, fallbacks for empty numbers, read-only for non-admins,
// and a failed save keeps the dialog open with nothing shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsDialog, SETTINGS_READ_ONLY_TEXT } from '../../src/components/shell/SettingsDialog';
import { VIDEO_SETTINGS_DEFAULTS } from '../../domain/constants';

afterEach(cleanup);

const setup = (canSave = true, result = true) => {
  const onSave = vi.fn(async () => result),
    onClose = vi.fn();
  render(
    <SettingsDialog open settings={VIDEO_SETTINGS_DEFAULTS} canSave={canSave} onSave={onSave} onClose={onClose} />,
  );
  return { onSave, onClose };
};
const options = (id: string) =>
  within(screen.getByTestId(`settings.${id}`))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('settings dialog', () => {
  it('shows the three sections, Close and Save, and every option set', () => {
    setup();
    for (const s of ['Render', 'Detection', 'Other'])
      expect(screen.getByRole('group', { name: s })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(options('preset')).toEqual(['veryfast', 'fast', 'medium']);
    expect(options('codec')).toEqual(['auto', 'x264', 'nvenc']);
    expect(options('maxRes')).toEqual(['original', '720p']);
    expect(options('tracker')).toEqual(['auto', 'botsort', 'bytetrack']);
    expect(options('poseModel')).toEqual([
      'Fast: model passes five times a second, people followed by optical flow between (on 2 cores about real time at every frame with a few people in view; small people are read larger, at 0.5–0.8×)',
      'Best quality: detector and the larger keypoint model on every analysed frame (about 20× the CPU time of Fast)',
      'Fastest: one MultiPose pass per frame (misses more people)',
    ]);
    expect(options('defaultView')).toEqual(['annotated', 'live']);
    // what the stride trades
    expect(screen.getByLabelText(/Analyse every n-th frame/)).toHaveAccessibleName(
      'Analyse every n-th frame (1: every frame gets its own box and joints; higher is faster, the frames between are interpolated)',
    );
    expect(screen.getByTestId('settings.crf')).toHaveValue(22);
    expect(screen.getByTestId('settings.autoReviewed')).toBeChecked();
    expect(screen.getByTestId('settings.autoCompleted')).not.toBeChecked();
  });

  it('sends the full settings with empty CRF → 22, empty image size → 1280, stride forced to at least 1, then closes', async () => {
    const { onSave, onClose } = setup();
    await userEvent.clear(screen.getByTestId('settings.crf'));
    await userEvent.clear(screen.getByTestId('settings.imgsz'));
    await userEvent.clear(screen.getByTestId('settings.stride'));
    await userEvent.type(screen.getByTestId('settings.stride'), '0');
    await userEvent.selectOptions(screen.getByTestId('settings.maxRes'), '720p');
    await userEvent.click(screen.getByTestId('settings.overlayLabels'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      ...VIDEO_SETTINGS_DEFAULTS,
      render_crf: 22,
      yolo_imgsz: 1280,
      pipeline_frame_stride: 1,
      render_max_res: '720p',
      overlay: { ...VIDEO_SETTINGS_DEFAULTS.overlay, labels: false },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the dialog open and shows nothing when the save fails', async () => {
    const { onSave, onClose } = setup(true, false);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is read-only for annotators and says why', () => {
    setup(false);
    expect(screen.getByTestId('settings.readOnly')).toHaveTextContent(SETTINGS_READ_ONLY_TEXT);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByTestId('settings.crf')).toBeDisabled();
    expect(screen.getByTestId('settings.preset')).toBeDisabled();
  });
});

describe('processing fields name what they trade', () => {
  it('labels the analysis size by what it trades, not as a YOLO setting (there is no YOLO model)', () => {
    render(<SettingsDialog open settings={VIDEO_SETTINGS_DEFAULTS} canSave onSave={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByText(/YOLO/)).toBeNull();
    expect(screen.getByTestId('settings.imgsz').closest('label')?.textContent).toMatch(
      /larger finds smaller people, slower/,
    );
  });
});
