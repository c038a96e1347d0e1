/** @vitest-environment jsdom */
// The keyboard help lists every shortcut, grouped, and opens with '?' (through the screen's one key
// listener) or its button.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { KeyboardHelp } from '../../src/annotate/keys/KeyboardHelp';
import { EditController } from '../../src/annotate/edit/EditController';
import { allCommands } from '../../src/annotate/commands/registry';
import { allNavCommands, allScreenKeys } from '../../src/annotate/keys/key-registry';
import { SessionProvider } from '../../src/session';
import { TestEditor } from '../annotate/test-editor';
import { renderWithEditor } from '../annotate/render-with-editor';

let te: TestEditor;
afterEach(() => {
  cleanup();
  te.dispose();
});

const guest = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
function renderHelp(extra?: React.ReactNode) {
  te = new TestEditor();
  renderWithEditor(
    te,
    <SessionProvider storage={guest}>
      {extra}
      <KeyboardHelp />
      <EditController />
    </SessionProvider>,
  );
}

describe('keyboard help', () => {
  it("opens with '?' and lists frame, box, segment, history, review and navigation keys, including every command's keys", async () => {
    renderHelp();
    expect(screen.queryByTestId('help.dialog')).toBeNull();
    fireEvent.keyDown(window, { key: '?', shiftKey: true });
    const dialog = await screen.findByTestId('help.dialog');
    for (const g of ['frame', 'box', 'segment', 'history', 'review', 'navigation'])
      expect(within(dialog).getByTestId(`help.group.${g}`)).toBeTruthy();
    const text = dialog.textContent ?? '';
    for (const keys of [
      'Space',
      '[ / ]',
      '← / →',
      'Home',
      'End',
      'Shift+[',
      'Alt+Shift+[',
      'Shift+]',
      'Alt+Shift+]',
      'Arrow keys',
      'Ctrl+Z',
      'Alt+Left',
      'Alt+Right',
    ])
      expect(text).toContain(keys);
    for (const s of allCommands().flatMap((c) => c.shortcuts ?? [])) expect(text).toContain(s.does);
    // the review walk's keys and the screen keys come from the registry's other two tables
    for (const s of [...allNavCommands(), ...allScreenKeys()].flatMap((c) => c.shortcuts)) {
      expect(text).toContain(s.keys);
      expect(text).toContain(s.does);
    }
  });

  it('opens from its visible button, and a ? typed into a field is left alone', async () => {
    renderHelp(<input data-testid="field" />);
    fireEvent.keyDown(screen.getByTestId('field'), { key: '?', shiftKey: true });
    expect(screen.queryByTestId('help.dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('annotate.shortcuts'));
    expect(await screen.findByTestId('help.dialog')).toBeTruthy();
  });

  it('opens at its top: the focus is on its title, not on the Close button at the bottom', async () => {
    renderHelp();
    fireEvent.keyDown(window, { key: '?', shiftKey: true });
    const dialog = await screen.findByTestId('help.dialog');
    await waitFor(() => expect(within(dialog).getByText('Keyboard shortcuts')).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).not.toHaveFocus();
  });

  it('Space typed into a text field stays there; on a focused toggle it plays, and the page is not scrolled', () => {
    renderHelp(
      <>
        <input data-testid="field" />
        <input type="checkbox" data-testid="toggle" />
        <input type="range" data-testid="slider" />
      </>,
    );
    const video = te.attachVideo();
    const field = screen.getByTestId('field');
    field.focus();
    expect(fireEvent.keyDown(field, { key: ' ', code: 'Space' })).toBe(true); // not prevented: typed into the field
    fireEvent.keyUp(field, { key: ' ', code: 'Space' });
    expect(video.paused).toBe(true);
    const toggle = screen.getByTestId('toggle');
    toggle.focus();
    expect(fireEvent.keyDown(toggle, { key: ' ', code: 'Space' })).toBe(false); // prevented: no scroll
    expect(fireEvent.keyUp(toggle, { key: ' ', code: 'Space' })).toBe(false); // prevented: the toggle is not flipped
    expect(video.paused).toBe(false);
    // on the seek slider too (after a seek the focus stays there), which keeps its arrows
    const slider = screen.getByTestId('slider');
    slider.focus();
    fireEvent.keyDown(slider, { key: ' ', code: 'Space' });
    fireEvent.keyUp(slider, { key: ' ', code: 'Space' });
    expect(video.paused).toBe(true);
    expect(fireEvent.keyDown(slider, { key: 'ArrowRight', code: 'ArrowRight' })).toBe(true); // not prevented: the slider's own
  });
});
